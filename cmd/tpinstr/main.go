package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"

	"github.com/tpinstr/tpinstr/instrument/checkbuild"
)

//go:generate go test -run=^TestDocsUpToDate$ -fixdocs

func main() {
	// tpinstr handles interrupts itself: it passes them on to the go
	// command or the program it runs, then removes its temporary files.
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)
	os.Exit(tpinstr(os.Args[1:], os.Stdin, os.Stdout, os.Stderr, sigs))
}

// tpinstr runs the command line args and returns the exit status.
func tpinstr(args []string, stdin io.Reader, stdout, stderr io.Writer, sigs <-chan os.Signal) int {
	if len(args) == 0 {
		printUsage(stderr)
		return 2
	}
	d := &checkbuild.Driver{
		Rewriter: checkbuild.Instrument{Prune: true},
		Stdin:    stdin,
		Stdout:   stdout,
		Stderr:   stderr,
		Signals:  sigs,
	}
	ctx := context.Background()
	switch cmd, rest := args[0], args[1:]; cmd {
	case "build":
		return d.Build(ctx, rest)
	case "run":
		return d.Run(ctx, rest)
	case "test":
		return d.Test(ctx, rest)
	case "clean":
		return clean(rest, stderr)
	case "hook":
		return hookCmd(rest, stdout, stderr)
	case "version":
		if len(rest) > 0 {
			fmt.Fprintln(stderr, "usage: tpinstr version")
			return 2
		}
		fmt.Fprintln(stdout, version())
		return 0
	case "help", "-h", "-help", "--help":
		return help(rest, stdout, stderr)
	default:
		fmt.Fprintf(stderr, "tpinstr %s: unknown command\nRun 'tpinstr help' for usage.\n", cmd)
		return 2
	}
}

// clean runs `tpinstr clean`.
func clean(args []string, stderr io.Writer) int {
	if len(args) > 0 {
		fmt.Fprintf(stderr, "usage: %s\nRun 'tpinstr help clean' for details.\n", "tpinstr clean")
		return 2
	}
	dir, err := checkbuild.CacheDir(os.Environ())
	if err == nil {
		err = checkbuild.Clean(dir)
	}
	if err != nil {
		fmt.Fprintln(stderr, "tpinstr clean:", err)
		return 1
	}
	return 0
}
