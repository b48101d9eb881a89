// Package options is the one table of the options of checked programs:
// the settings that the environment variable TPINSTR gives a program built
// by tpinstr, as GORACE gives Go's race detector its own. The checker
// (rt/internal/checker) parses them with Parse, and 'tpinstr help options'
// (and so the documentation of cmd/tpinstr, generated from the help)
// prints them with Usage, so that the name, default and meaning of each
// are written once. The record of verdicts that a checked test binary
// leaves for `tpinstr test` (VerdictsEnv, Verdict, ReadVerdicts) is here
// too, for the same reason: the checker writes it, the tool reads it.
//
// It is under rt/ because tpinstr never rewrites the packages of its
// runtime (rt/...), and not internal because the tpinstr command prints
// the table too; like package rt, it is not meant to be imported by user
// code. It depends on nothing but the standard library.
package options

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

// Options are the settings read from TPINSTR.
type Options struct {
	ExitCode    int    // exit status when a race was found
	JSONPath    string // also write reports here, one JSON object a line
	DotPath     string // write the computation graph here
	HaltOnError bool   // exit at the first report

	Replay        string        // run exactly this schedule of the isolated sections
	GoReplay      string        // run exactly this schedule of goroutines' synchronisation (replay=g…)
	Explore       bool          // explore the orders of isolated sections
	MaxSchedules  int           // the most schedules exploration runs
	ExploreProcs  int           // the most children exploration runs at once; 0: GOMAXPROCS
	ExploreTime   time.Duration // how long the exploration of a run of goroutines may take; 0: no limit
	SampleTime    time.Duration // how long random schedules of goroutines run past max_schedules or explore_time; 0: none
	SampleSeed    uint64        // the seed of those random choices
	NoCommute     bool          // treat commutative isolated updates and mutex sections as conflicting
	Leaks         bool          // report goroutines still waiting when a run ends
	ParallelAlone bool          // check each top-level parallel test in runs of its own (parallel_tests=alone)

	Permissions PermMode // what the permission-region check reports
}

// PermMode is the value of the permissions option.
type PermMode uint8

// The values of the permissions option.
const (
	PermRegions PermMode = iota // check the regions that the program acquires (the default)
	PermStrict                  // also report shared accesses outside regions and Isolated
)

// An Option is one entry of the table.
type Option struct {
	Name    string // the key
	Arg     string // the value that Usage shows, as in exitcode=N
	Default string // the value when the key is absent; "" for none
	Usage   string // what the option does, one sentence without a period
	set     func(o *Options, v string) error
}

// Table is every option, in the order that Usage prints them.
var Table = []Option{
	{Name: "exitcode", Arg: "N", Default: "66",
		Usage: "exit status when a race was found",
		set: func(o *Options, v string) error {
			n, err := strconv.Atoi(v)
			o.ExitCode = n
			return err
		}},
	{Name: "json", Arg: "PATH",
		Usage: "also write every report to PATH, one JSON object a line",
		set:   func(o *Options, v string) error { o.JSONPath = v; return nil }},
	{Name: "dot", Arg: "PATH",
		Usage: "write the computation graph to PATH in Graphviz DOT",
		set:   func(o *Options, v string) error { o.DotPath = v; return nil }},
	{Name: "halt_on_error", Arg: "1", Default: "0",
		Usage: "exit at the first report",
		set: func(o *Options, v string) (err error) {
			o.HaltOnError, err = strconv.ParseBool(v)
			return err
		}},
	{Name: "explore", Arg: "0", Default: "1",
		Usage: "do not explore the orders of isolated sections, nor those of goroutines' synchronisation (locks, channels, select cases, WaitGroups, Conds, Onces, atomics)",
		set: func(o *Options, v string) (err error) {
			o.Explore, err = strconv.ParseBool(v)
			return err
		}},
	{Name: "max_schedules", Arg: "N", Default: "1000",
		Usage: "explore at most N schedules",
		set: func(o *Options, v string) error {
			n, err := strconv.Atoi(v)
			if err != nil || n < 1 {
				return fmt.Errorf("want a positive number, have %q", v)
			}
			o.MaxSchedules = n
			return nil
		}},
	{Name: "explore_time", Arg: "DURATION", Default: "10s",
		Usage: "stop exploring the schedules of a run of goroutines after DURATION (such as 30s or 5m; 0 for no limit): the verdict then says how many were checked",
		set: func(o *Options, v string) error {
			d, err := time.ParseDuration(v)
			if err != nil || d < 0 {
				return fmt.Errorf("want a duration such as 30s, have %q", v)
			}
			o.ExploreTime = d
			return nil
		}},
	{Name: "sample_time", Arg: "DURATION", Default: "2s",
		Usage: "when max_schedules or explore_time stops the exploration of a run of goroutines, go on for DURATION with schedules chosen at random (0 for none): the verdict says how many were sampled, and each report gives the replay value of its schedule",
		set: func(o *Options, v string) error {
			d, err := time.ParseDuration(v)
			if err != nil || d < 0 {
				return fmt.Errorf("want a duration such as 5s, have %q", v)
			}
			o.SampleTime = d
			return nil
		}},
	{Name: "sample_seed", Arg: "N", Default: "1",
		Usage: "the seed of the random choices of sample_time: the same seed samples the same schedules in the same order",
		set: func(o *Options, v string) error {
			n, err := strconv.ParseUint(v, 10, 64)
			if err != nil {
				return fmt.Errorf("want a number, have %q", v)
			}
			o.SampleSeed = n
			return nil
		}},
	{Name: "explore_procs", Arg: "N",
		Usage: "run at most N schedules of an exploration at once, each a process of its own (default GOMAXPROCS; the reports and the verdict are the same for every N)",
		set: func(o *Options, v string) error {
			n, err := strconv.Atoi(v)
			if err != nil || n < 1 {
				return fmt.Errorf("want a positive number, have %q", v)
			}
			o.ExploreProcs = n
			return nil
		}},
	{Name: "replay", Arg: "SCHEDULE",
		Usage: "run exactly the schedule (of isolated sections, or of goroutines' synchronisation: g…) that a report names, with the program's output; in a test binary it applies to every test, so run the test the report names alone (-run, as the report says)",
		set: func(o *Options, v string) error {
			if strings.HasPrefix(v, "g") {
				o.GoReplay = v // checked by the goroutine executor
				return nil
			}
			if err := checkSchedule(v); err != nil {
				return err
			}
			o.Replay = v
			return nil
		}},
	{Name: "leaks", Arg: "1", Default: "0",
		Usage: "report every goroutine still waiting when the program or test ends, as a finding (as goleak does)",
		set: func(o *Options, v string) (err error) {
			o.Leaks, err = strconv.ParseBool(v)
			return err
		}},
	{Name: "parallel_tests", Arg: "alone", Default: "together",
		Usage: "check each top-level test that calls t.Parallel in runs of its own, whose orders of synchronisation are explored, instead of the parallel parts of all of them in one run, which finds their races with one another but explores no order of it",
		set: func(o *Options, v string) (err error) {
			o.ParallelAlone, err = either(v, "together", "alone")
			return err
		}},
	{Name: "commute", Arg: "0", Default: "1",
		Usage: "also explore the orders of commutative isolated updates and mutex sections such as count++ (for measurements)",
		set: func(o *Options, v string) error {
			b, err := strconv.ParseBool(v)
			o.NoCommute = !b
			return err
		}},
	{Name: "permissions", Arg: "strict", Default: "regions",
		Usage: "also report accesses to locations that two tasks touch made outside permission regions (task.AcquireR and friends) and Isolated bodies",
		set: func(o *Options, v string) error {
			strict, err := either(v, "regions", "strict")
			if strict {
				o.Permissions = PermStrict
			} else {
				o.Permissions = PermRegions
			}
			return err
		}},
}

// checkSchedule checks the syntax of a schedule: task ids (decimal, 32
// bits) joined by dots, or nothing.
func checkSchedule(s string) error {
	if s == "" {
		return nil
	}
	for f := range strings.SplitSeq(s, ".") {
		if _, err := strconv.ParseUint(f, 10, 32); err != nil {
			return fmt.Errorf("schedule %q: %w", s, err)
		}
	}
	return nil
}

// Defaults returns the options when TPINSTR is empty: the Default of
// every entry of the table.
func Defaults() Options {
	var o Options
	for _, opt := range Table {
		if opt.Default != "" {
			if err := opt.set(&o, opt.Default); err != nil {
				panic(fmt.Sprintf("options: default of %s: %v", opt.Name, err))
			}
		}
	}
	return o
}

// Parse reads a TPINSTR value: space-separated key=value pairs, each key
// an option of the table; later pairs override earlier ones.
func Parse(s string) (Options, error) {
	o := Defaults()
	for _, f := range strings.Fields(s) {
		k, v, ok := strings.Cut(f, "=")
		if !ok {
			return o, fmt.Errorf("TPINSTR: %q is not key=value", f)
		}
		i := indexOf(k)
		if i < 0 {
			return o, fmt.Errorf("TPINSTR: unknown option %q", k)
		}
		if err := Table[i].set(&o, v); err != nil {
			return o, fmt.Errorf("TPINSTR: %s: %w", k, err)
		}
	}
	return o, nil
}

func indexOf(name string) int {
	for i, opt := range Table {
		if opt.Name == name {
			return i
		}
	}
	return -1
}

// Usage returns the table as help text: one entry a paragraph, indented
// by a tab, the key=value form in a column of its own and the meaning
// wrapped beside it, with the default unless the option is a switch.
func Usage() string {
	const col, width = 18, 56
	var b strings.Builder
	for _, opt := range Table {
		key := opt.Name + "=" + opt.Arg
		text := opt.Usage
		if opt.Default != "" && opt.Default != "0" && opt.Default != "1" { // a switch says what it turns on or off
			text += " (default " + opt.Default + ")"
		}
		b.WriteString("\t" + key)
		pad := col - len(key)
		if pad < 1 {
			b.WriteString("\n\t")
			pad = col
		}
		line := 0
		for i, w := range strings.Fields(text) {
			switch {
			case i == 0:
				b.WriteString(strings.Repeat(" ", pad))
			case line+1+len(w) > width:
				b.WriteString("\n\t" + strings.Repeat(" ", col))
				line = 0
			default:
				b.WriteString(" ")
				line++
			}
			b.WriteString(w)
			line += len(w)
		}
		b.WriteString("\n")
	}
	return b.String()
}

// either parses the value v of an option that takes one of two words: it
// reports whether v is the second, and an error when it is neither.
func either(v, first, second string) (bool, error) {
	switch v {
	case first:
		return false, nil
	case second:
		return true, nil
	}
	return false, fmt.Errorf("want %s or %s, have %q", first, second, v)
}
