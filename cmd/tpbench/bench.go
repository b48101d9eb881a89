package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"time"
)

// config is one benchmark run's settings, from the flags.
type config struct {
	root    string // module root
	goCmd   string
	tpinstr string // explicit tpinstr command, "" to look for one
	kernels []kernel
	modes   []mode
	size    string // "small" or "large"
	reps    int
	timeout time.Duration // per run
	procs   int           // GOMAXPROCS of the runs, 0 to leave it alone
	log     io.Writer     // progress
}

// benchmark builds every kernel in every mode into a temporary directory,
// runs them cfg.reps times in alternation and returns the measurements,
// one row per kernel. Build and run failures are recorded in the cells;
// the error is for failures of the benchmark itself.
func benchmark(ctx context.Context, cfg config) (header, []row, error) {
	h := header{size: cfg.size, reps: cfg.reps, timeout: cfg.timeout, machine: describeMachine(ctx, cfg.goCmd)}
	tmp, err := os.MkdirTemp("", "tpbench-")
	if err != nil {
		return h, nil, fmt.Errorf("temporary directory: %w", err)
	}
	defer os.RemoveAll(tmp)

	b := &builder{root: cfg.root, out: tmp, goCmd: cfg.goCmd, log: cfg.log}
	h.tpinstr = "not used"
	for _, m := range cfg.modes {
		if m != modeChecked {
			continue
		}
		b.tpinstr, h.tpinstr, b.whyNot = findTpinstr(ctx, cfg.tpinstr, cfg.root, tmp, cfg.goCmd, cfg.log)
		if b.whyNot != nil {
			h.tpinstr = b.whyNot.Error()
		}
	}

	rows := make([]row, len(cfg.kernels))
	paths := make([]map[mode]string, len(cfg.kernels))
	for i, k := range cfg.kernels {
		rows[i] = row{name: k.name, cells: map[mode]*cell{}}
		paths[i] = map[mode]string{}
		for _, m := range cfg.modes {
			path, err := b.binary(ctx, k, m)
			rows[i].cells[m] = &cell{buildErr: err}
			paths[i][m] = path
			if ctx.Err() != nil {
				return h, nil, fmt.Errorf("interrupted while building: %w", ctx.Err())
			}
		}
	}

	if err := runAll(ctx, cfg, rows, paths, runOnce); err != nil {
		return h, nil, err
	}
	return h, rows, nil
}

// runner runs one binary once; runOnce, or a fake in tests.
type runner func(ctx context.Context, path string, args, env []string, timeout time.Duration) sample

// runAll runs the built binaries, paths[kernel][mode], cfg.reps times in
// alternation and appends the samples to the cells of rows. A cell that
// timed out is not run again: its next runs would only spend the timeout
// again.
func runAll(ctx context.Context, cfg config, rows []row, paths []map[mode]string, run runner) error {
	env := runEnv(os.Environ(), cfg.procs)
	for rep := range cfg.reps {
		for i, k := range cfg.kernels {
			for _, m := range rotate(cfg.modes, rep) {
				c := rows[i].cells[m]
				if c.buildErr != nil || c.timedOut() {
					continue
				}
				s := run(ctx, paths[i][m], k.args(cfg.size, m), env[m], cfg.timeout)
				if ctx.Err() != nil {
					return fmt.Errorf("interrupted while running: %w", ctx.Err())
				}
				c.samples = append(c.samples, s)
				fmt.Fprintf(cfg.log, "tpbench: run %d/%d %s %s: %s %s\n", rep+1, cfg.reps, k.name, m, s.outcome, formatDuration(s.wall))
			}
		}
	}
	return nil
}

// rotate returns ms rotated left by r, so that no mode always runs first
// (right after another kernel) or last.
func rotate(ms []mode, r int) []mode {
	if len(ms) == 0 {
		return nil
	}
	r %= len(ms)
	return append(append([]mode(nil), ms[r:]...), ms[:r]...)
}

// runEnv returns the environment of the runs of each mode: base, with
// GOMAXPROCS set when procs > 0, and for the race mode GORACE's
// atexit_sleep_ms set to 0. The race runtime otherwise sleeps a second at
// exit (so that other threads can report a last race), which would be
// measured as part of every run; a GORACE setting of the caller's own still
// wins, coming later.
func runEnv(base []string, procs int) map[mode][]string {
	env := slices.Clone(base)
	if procs > 0 {
		env = append(env, fmt.Sprintf("GOMAXPROCS=%d", procs))
	}
	gorace := "atexit_sleep_ms=0"
	var plain []string
	for _, kv := range env {
		if v, ok := strings.CutPrefix(kv, "GORACE="); ok {
			gorace += " " + v
			continue
		}
		plain = append(plain, kv)
	}
	out := map[mode][]string{}
	for _, m := range allModes() {
		out[m] = env
	}
	out[modeRace] = append(plain, "GORACE="+gorace)
	return out
}
