package main

import (
	"fmt"
	"io"
	"strings"
	"time"
)

// row is one kernel's cells, by mode.
type row struct {
	name  string
	cells map[mode]*cell
}

// header is what the report says about how it was measured.
type header struct {
	machine machine
	tpinstr string // the tpinstr used, or why the checked mode is unavailable
	size    string
	reps    int
	timeout time.Duration
}

// ratioColumn is a ratio of the medians of two modes.
type ratioColumn struct{ num, den mode }

// ratioColumns are the ratios the issue asks for, in table order.
func ratioColumns() []ratioColumn {
	return []ratioColumn{{modeChecked, modeSerial}, {modeChecked, modeRace}, {modeParallel, modeSerial}}
}

// writeReport writes the Markdown report: the header, the table and the
// notes on every failure and on every result line that differs between
// modes. It returns whether anything failed.
func writeReport(w io.Writer, h header, modes []mode, rows []row) (failed bool, err error) {
	var b strings.Builder
	fmt.Fprintf(&b, "# tpbench: checked runs beside `go build -race`\n\n")
	fmt.Fprintf(&b, "- machine: %s, %d cores, %s\n", h.machine.cpu, h.machine.cores, h.machine.platform)
	fmt.Fprintf(&b, "- go: %s\n", h.machine.goVersion)
	fmt.Fprintf(&b, "- tpinstr: %s\n", h.tpinstr)
	fmt.Fprintf(&b, "- size: %s; runs per cell: %d, in alternation; timeout per run: %v\n", h.size, h.reps, h.timeout)
	fmt.Fprintf(&b, "- time: median wall-clock time of the successful runs; memory: largest peak resident set size\n\n")

	has := map[mode]bool{}
	for _, m := range modes {
		has[m] = true
	}
	var ratios []ratioColumn
	for _, rc := range ratioColumns() {
		if has[rc.num] && has[rc.den] {
			ratios = append(ratios, rc)
		}
	}

	cols := []string{"kernel"}
	align := []string{"---"}
	for _, m := range modes {
		cols, align = append(cols, m.String()), append(align, "---:")
	}
	for _, rc := range ratios {
		cols, align = append(cols, rc.num.String()+"/"+rc.den.String()), append(align, "---:")
	}
	for _, m := range modes {
		cols, align = append(cols, "mem "+m.String()), append(align, "---:")
	}
	writeRow(&b, cols)
	writeRow(&b, align)

	var notes []string
	seen := map[string]bool{}
	note := func(s string) {
		if !seen[s] {
			seen[s] = true
			notes = append(notes, s)
		}
	}
	for _, r := range rows {
		sums := map[mode]summary{}
		for _, m := range modes {
			sums[m] = r.cells[m].summarize()
		}
		cells := []string{r.name}
		for _, m := range modes {
			cells = append(cells, timeCell(sums[m]))
		}
		for _, rc := range ratios {
			n, d := sums[rc.num], sums[rc.den]
			cells = append(cells, ratioCell(ratio(n.median, n.hasTime, d.median, d.hasTime)))
		}
		for _, m := range modes {
			cells = append(cells, memCell(sums[m]))
		}
		writeRow(&b, cells)

		for _, m := range modes {
			c := r.cells[m]
			failed = failed || c.failed()
			for _, s := range cellNotes(r.name, m, c, h.reps) {
				note(s)
			}
		}
		for _, s := range mismatches(r, modes) {
			failed = true
			note(s)
		}
	}
	if len(notes) > 0 {
		b.WriteString("\nNotes:\n\n")
		for _, n := range notes {
			fmt.Fprintf(&b, "- %s\n", n)
		}
	}
	_, err = io.WriteString(w, b.String())
	return failed, err
}

// writeRow writes one Markdown table row.
func writeRow(b *strings.Builder, cells []string) {
	b.WriteString("| " + strings.Join(cells, " | ") + " |\n")
}

// timeCell shows the median time, or what went wrong, or both.
func timeCell(s summary) string {
	switch {
	case s.hasTime && s.mark != "":
		return formatDuration(s.median) + " (" + s.mark + ")"
	case s.hasTime:
		return formatDuration(s.median)
	case s.mark != "":
		return s.mark
	}
	return "–"
}

// memCell shows the peak memory in MiB.
func memCell(s summary) string {
	if s.peak < 0 {
		return "–"
	}
	return fmt.Sprintf("%.1f MiB", float64(s.peak)/(1<<20))
}

// ratioCell shows a ratio with two decimals.
func ratioCell(r float64, ok bool) string {
	if !ok {
		return "–"
	}
	return fmt.Sprintf("%.2f×", r)
}

// formatDuration shows d in ms below a second and in s above, with three
// significant digits or so.
func formatDuration(d time.Duration) string {
	switch {
	case d < 10*time.Millisecond:
		return fmt.Sprintf("%.2f ms", float64(d)/float64(time.Millisecond))
	case d < time.Second:
		return fmt.Sprintf("%.1f ms", float64(d)/float64(time.Millisecond))
	case d < 100*time.Second:
		return fmt.Sprintf("%.2f s", d.Seconds())
	}
	return fmt.Sprintf("%.0f s", d.Seconds())
}

// cellNotes explains a cell's build failure and the first run of each kind
// of failure, and says when a timeout stopped the cell short of reps runs.
func cellNotes(name string, m mode, c *cell, reps int) []string {
	if c == nil || !c.failed() {
		return nil
	}
	if c.buildErr != nil {
		return []string{fmt.Sprintf("%s, %s: %s", name, m, strings.Join(strings.Fields(tail(c.buildErr.Error(), 4)), " "))}
	}
	var out []string
	done := map[outcome]bool{}
	for i, s := range c.samples {
		if s.outcome != outcomeOK && !done[s.outcome] {
			done[s.outcome] = true
			n := fmt.Sprintf("%s, %s, run %d: %s: %s", name, m, i+1, s.outcome, s.detail)
			if s.outcome == outcomeTimeout && i == len(c.samples)-1 && i+1 < reps {
				n += fmt.Sprintf(" (not run again: %d of %d runs done)", i+1, reps)
			}
			out = append(out, n)
		}
	}
	return out
}

// mismatches reports result lines that differ from the first one printed
// by a successful run of the row, in any mode or repetition. Every build of
// a kernel must compute the same result.
func mismatches(r row, modes []mode) []string {
	var out []string
	var ref string
	var refMode mode
	found := false
	reported := map[string]bool{}
	for _, m := range modes {
		c := r.cells[m]
		if c == nil {
			continue
		}
		for _, s := range c.samples {
			switch {
			case s.outcome != outcomeOK:
			case !found:
				ref, refMode, found = s.result, m, true
			case s.result != ref && !reported[m.String()+s.result]:
				reported[m.String()+s.result] = true
				out = append(out, fmt.Sprintf("%s: %s printed %q but %s printed %q", r.name, m, s.result, refMode, ref))
			}
		}
	}
	return out
}
