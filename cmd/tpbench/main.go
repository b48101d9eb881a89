package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"time"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// run is main with its streams and exit status as values, for tests.
func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("tpbench", flag.ContinueOnError)
	fs.SetOutput(stderr)
	kernelList := fs.String("kernels", "all", "comma-separated kernels (rows such as crypt-af, or directories such as crypt)")
	size := fs.String("size", "small", "input sizes: small (each kernel's defaults), medium, or large (the benchmark sizes)")
	reps := fs.Int("n", 5, "runs per kernel and mode")
	timeout := fs.Duration("timeout", 2*time.Minute, "time limit of one run")
	modeList := fs.String("modes", "serial,parallel,checked,race", "comma-separated modes to build and run")
	tpinstr := fs.String("tpinstr", "", "tpinstr command for the checked mode (default: built from ./cmd/tpinstr, else from PATH)")
	procs := fs.Int("procs", 0, "GOMAXPROCS of the runs (0: the Go default, every core)")
	root := fs.String("root", "", "module root (default: the module of the current directory)")
	goCmd := fs.String("go", "go", "go command")
	outFile := fs.String("o", "", "write the report to this file instead of standard output")
	counts := fs.Bool("counts", false, "instead of timing, count the detector's work: build each kernel and its goroutine version checked with -tags tpstats, run each once, and print the counters")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	usage := func(format string, a ...any) int {
		fmt.Fprintf(stderr, "tpbench: "+format+"\n", a...)
		return 2
	}
	if fs.NArg() > 0 {
		return usage("unexpected arguments %q", fs.Args())
	}
	if *size != "small" && *size != "medium" && *size != "large" {
		return usage("-size must be small, medium or large, not %q", *size)
	}
	if *reps < 1 || *timeout <= 0 || *procs < 0 {
		return usage("-n and -timeout must be positive, -procs not negative")
	}
	ks, err := selectKernels(kernels(), *kernelList)
	if err != nil {
		return usage("%v", err)
	}
	modes, err := parseModes(*modeList)
	if err != nil {
		return usage("%v", err)
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	cfg := config{
		root: *root, goCmd: *goCmd, tpinstr: *tpinstr, kernels: ks, modes: modes,
		size: *size, reps: *reps, timeout: *timeout, procs: *procs, log: stderr,
	}
	if cfg.root == "" {
		if cfg.root, err = moduleRoot(ctx, cfg.goCmd); err != nil {
			fmt.Fprintln(stderr, "tpbench:", err)
			return 1
		}
	}
	out := stdout
	if *outFile != "" {
		f, err := os.Create(*outFile)
		if err != nil {
			fmt.Fprintln(stderr, "tpbench:", err)
			return 1
		}
		defer f.Close()
		out = f
	}
	var failed bool
	if *counts {
		var rows []countRow
		var origin string
		rows, origin, err = countAll(ctx, cfg)
		if err == nil {
			if failed, err = writeCounts(out, cfg.size, origin, rows); err != nil {
				err = fmt.Errorf("writing the report: %w", err)
			}
		}
	} else {
		var h header
		var rows []row
		h, rows, err = benchmark(ctx, cfg)
		if err == nil {
			if failed, err = writeReport(out, h, modes, rows); err != nil {
				err = fmt.Errorf("writing the report: %w", err)
			}
		}
	}
	if err != nil {
		fmt.Fprintln(stderr, "tpbench:", err)
		return 1
	}
	if failed {
		fmt.Fprintln(stderr, "tpbench: some runs failed or disagreed; see the notes under the table")
		return 1
	}
	return 0
}
