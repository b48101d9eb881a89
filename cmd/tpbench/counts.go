package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// countFields are the counters that a checked binary built with the tag
// tpstats writes to the file TPINSTR_STATS names, in the order of the
// table (rt/internal/detect/stats.go).
var countFields = []string{"hooks", "seen", "quick", "full", "cells", "whole"}

// countRow is the detector's work on one kernel: its counters by name, or
// why there are none.
type countRow struct {
	name   string
	counts map[string]uint64
	err    error
}

// countAll builds the checked binary of every kernel, and of every
// kernel's goroutine version, with the tag tpstats, runs each once at
// cfg.size with TPINSTR_STATS set, and returns the detector's counters.
// Unlike times, the counts do not depend on the load of the machine.
func countAll(ctx context.Context, cfg config) ([]countRow, string, error) {
	tmp, err := os.MkdirTemp("", "tpbench-counts-")
	if err != nil {
		return nil, "", fmt.Errorf("temporary directory: %w", err)
	}
	defer os.RemoveAll(tmp)
	tpinstr, origin, err := findTpinstr(ctx, cfg.tpinstr, cfg.root, tmp, cfg.goCmd, cfg.log)
	if err != nil {
		return nil, "", err
	}
	b := &builder{root: cfg.root, out: tmp, goCmd: cfg.goCmd, tpinstr: tpinstr, log: cfg.log, tags: "tpstats"}

	var rows []countRow
	goDone := map[string]bool{}
	for _, k := range cfg.kernels {
		rows = append(rows, countOne(ctx, cfg, b, k.name, k.pkg(modeChecked), k.dir+".task", k.args(cfg.size, modeChecked), tmp))
		if !goDone[k.dir] {
			goDone[k.dir] = true
			rows = append(rows, countOne(ctx, cfg, b, k.dir+" (goroutine)", k.pkg(modeRace), k.dir+".goroutine", k.args(cfg.size, modeRace), tmp))
		}
		if ctx.Err() != nil {
			return nil, "", fmt.Errorf("interrupted: %w", ctx.Err())
		}
	}
	return rows, origin, nil
}

// countOne builds package pkg checked with the stats tag and runs it once.
func countOne(ctx context.Context, cfg config, b *builder, name, pkg, bin string, args []string, tmp string) countRow {
	r := countRow{name: name}
	path, err := b.build(ctx, pkg, filepath.Join(tmp, bin), modeChecked)
	if err != nil {
		r.err = err
		return r
	}
	statsFile := filepath.Join(tmp, bin+".stats")
	env := append(runEnv(os.Environ(), cfg.procs)[modeChecked], "TPINSTR_STATS="+statsFile)
	s := runOnce(ctx, path, args, env, cfg.timeout)
	fmt.Fprintf(cfg.log, "tpbench: counts %s: %s %s\n", name, s.outcome, formatDuration(s.wall))
	if s.outcome != outcomeOK {
		r.err = fmt.Errorf("run %s: %s", s.outcome, s.detail)
		return r
	}
	line, err := os.ReadFile(statsFile)
	if err != nil {
		r.err = fmt.Errorf("no counts written (a run that checks no task writes none): %w", err)
		return r
	}
	r.counts, r.err = parseCounts(string(line))
	return r
}

// parseCounts reads the line "hooks=N seen=N ..." of a TPINSTR_STATS file.
func parseCounts(line string) (map[string]uint64, error) {
	out := map[string]uint64{}
	for _, f := range strings.Fields(line) {
		k, v, ok := strings.Cut(f, "=")
		if !ok {
			return nil, fmt.Errorf("counts: malformed field %q", f)
		}
		n, err := strconv.ParseUint(v, 10, 64)
		if err != nil {
			return nil, fmt.Errorf("counts: field %q: %w", f, err)
		}
		out[k] = n
	}
	for _, k := range countFields {
		if _, ok := out[k]; !ok {
			return nil, fmt.Errorf("counts: no field %q in %q", k, strings.TrimSpace(line))
		}
	}
	return out, nil
}

// writeCounts writes the counts as a Markdown table, with the failures as
// notes under it, and reports whether any kernel failed.
func writeCounts(w io.Writer, size, origin string, rows []countRow) (failed bool, err error) {
	var b strings.Builder
	fmt.Fprintf(&b, "# tpbench: the detector's work per kernel\n\n")
	fmt.Fprintf(&b, "- tpinstr: %s, binaries built with -tags tpstats\n", origin)
	fmt.Fprintf(&b, "- size: %s; one run each; counts do not depend on the machine's load\n", size)
	fmt.Fprintf(&b, "- hooks: accesses the detector was given; seen: repeated reads a page filter dropped (in builds without the tpstats tag, rt.Repeat drops most of them inline, before any call); quick: accesses the inlined fast path recorded; full: accesses that took the out-of-line path; cells: full checks of one cell (Algorithms 8 and 9); whole: runs of words with one history checked at once (shadow/runs.go; whole pages among them)\n\n")
	b.WriteString("| kernel |")
	for _, f := range countFields {
		b.WriteString(" " + f + " |")
	}
	b.WriteString("\n| --- |" + strings.Repeat(" ---: |", len(countFields)) + "\n")
	var notes []string
	for _, r := range rows {
		b.WriteString("| " + r.name + " |")
		for _, f := range countFields {
			if r.err != nil {
				b.WriteString(" — |")
				continue
			}
			b.WriteString(" " + groupDigits(r.counts[f]) + " |")
		}
		b.WriteString("\n")
		if r.err != nil {
			failed = true
			notes = append(notes, fmt.Sprintf("- %s: %v", r.name, r.err))
		}
	}
	if len(notes) > 0 {
		b.WriteString("\n" + strings.Join(notes, "\n") + "\n")
	}
	_, err = io.WriteString(w, b.String())
	return failed, err
}

// groupDigits writes n with commas between groups of three digits.
func groupDigits(n uint64) string {
	s := strconv.FormatUint(n, 10)
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	return b.String()
}
