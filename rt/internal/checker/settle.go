package checker

import (
	"fmt"
	"os"

	"github.com/tpinstr/tpinstr/rt/internal/event"
	"github.com/tpinstr/tpinstr/rt/internal/explore"
	"github.com/tpinstr/tpinstr/rt/internal/report"
	"github.com/tpinstr/tpinstr/rt/internal/shadow"
)

// setupExplore prepares an exploring run when the environment asks for
// one: a child of exploration (package explore), or a replay of a schedule
// the user named.
func (st *state) setupExplore() error {
	out, prefix, err := explore.Child()
	if err != nil {
		return err
	}
	if out != "" {
		st.childOut = out
		st.x = explore.New(host{st}, prefix, false, !st.opts.NoCommute)
		return nil
	}
	if st.opts.Replay != "" {
		prefix, err := explore.ParseSchedule(st.opts.Replay)
		if err != nil {
			return err
		}
		st.x = explore.New(host{st}, prefix, true, !st.opts.NoCommute)
	}
	return nil
}

// finishChild writes a child's findings and ends its process.
func (st *state) finishChild() {
	if err := explore.WriteFindings(st.childOut, st.x.Findings()); err != nil {
		fmt.Fprintf(os.Stderr, "tpinstr: %v\n", err)
		os.Exit(2)
	}
	os.Exit(exitChild)
}

// exitChild is the exit status of a child of exploration that wrote its
// findings. It is not 0: package testing turns os.Exit(0) during a test
// into a panic ("unexpected call to os.Exit(0) during test"), whose
// deferred calls would run the end of the test's run again. The parent
// reads the findings, whatever the status.
const exitChild = 3

// host is the checker as an exploring run's scheduler sees it.
type host struct{ st *state }

func (h host) Switch(t event.Task)                         { h.st.cur = t; shadow.RepeatOff() }
func (h host) Report(r event.Race) report.Race             { return h.st.makeReport(r) }
func (h host) Emit(rep report.Race, schedule string)       { h.st.emit(rep, schedule) }
func (h host) SpawnChain(t event.Task) []report.SpawnFrame { return h.st.spawnChain(t) }
func (h host) Deadlock(d *report.Deadlock)                 { h.st.deadlocked(d) }
func (h host) Fatalf(format string, args ...any)           { h.st.fatalf(format, args...) }

// settle runs exploration if the program needs it and writes its verdict.
// It is called once, when the program ends.
func (st *state) settle() {
	if !st.needExplore || st.x != nil || st.childOut != "" {
		return
	}
	st.settleWith(os.Args[1:])
}

// settleWith explores by re-running the binary with args and writes the
// verdict, replacing the reports held for exploration.
func (st *state) settleWith(args []string) {
	st.needExplore = false
	held := st.unconfirmed
	st.unconfirmed = nil
	if !st.opts.Explore {
		for _, rep := range held {
			rep.Reason += "; the run executed isolated sections of several tasks in one order, and their other orders were not explored (explore=0): an order of them may order this pair"
			st.emit(rep, "")
		}
		st.verdict("checked this schedule only: the isolated sections of several tasks ran in one order, and explore=0 leaves the others unexplored")
		return
	}
	sum := explore.Run(args, st.opts.MaxSchedules, explore.Procs(st.opts.ExploreProcs))
	for _, r := range sum.Races {
		// A race the serial run reported before any isolated section ran
		// is found again in every schedule: it was reported once.
		if !st.childRepeats(r.Report.Key()) {
			st.emit(r.Report, r.Schedule)
		}
	}
	for _, d := range sum.Deadlocks {
		d.Test = st.verdictLog.test
		st.printDeadlock(d)
	}
	for _, f := range sum.Failures {
		fmt.Fprintf(st.w.Out, "tpinstr: exploration: %s\n", f)
	}
	switch {
	case sum.Interrupted:
		st.verdict(fmt.Sprintf("checked %s: explored %s of the isolated sections when an interrupt stopped it, other schedules were not checked",
			report.Plural(sum.Schedules, "schedule"), report.Plural(sum.Schedules, "schedule")))
		st.exitInterrupted()
	case !sum.Complete:
		st.verdict(fmt.Sprintf("checked %s: explored %s of the isolated sections (the max_schedules limit), other schedules were not checked",
			report.Plural(sum.Schedules, "schedule"), report.Plural(sum.Schedules, "schedule")))
	default:
		st.verdict(fmt.Sprintf("checked every schedule of this input: explored %s of the isolated sections, %s",
			report.Plural(sum.Schedules, "schedule"), report.Plural(sum.Graphs, "distinct computation graph")))
	}
	if len(sum.Deadlocks) > 0 {
		st.findings.Found(report.FindDeadlock, len(sum.Deadlocks))
	}
	if len(sum.Failures) > 0 && st.findings.Count() == 0 {
		st.findings.Found(report.FindFailure, 1) // an unexplained failure is not a verdict of no race
	}
}

// deadlocked is called when no task can run and some are blocked.
func (st *state) deadlocked(d *report.Deadlock) {
	if st.childOut != "" {
		st.finishChild()
	}
	st.printDeadlock(*d)
	st.flush()
	os.Exit(st.opts.ExitCode)
}

// exitInterrupted ends the process after an interrupt stopped an
// exploration and its findings and verdict were written: with the race
// status when it found something, else with the status of a process that
// an interrupt ended (128+2, as a shell reports it).
func (st *state) exitInterrupted() {
	st.flush()
	if st.findings.Count() > 0 {
		os.Exit(st.opts.ExitCode)
	}
	os.Exit(130)
}

// printDeadlock writes a deadlock report.
func (st *state) printDeadlock(d report.Deadlock) { st.w.Deadlock(d) }

// fatalf reports a checker error and ends the process.
func (st *state) fatalf(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "tpinstr: "+format+"\n", args...)
	os.Exit(2)
}

// verdict writes one verdict line: which schedules of the input the run
// checked (see the package documentation of rt/internal/checker).
func (st *state) verdict(line string) {
	st.verdicts++
	line += st.unchecked.clause()
	fmt.Fprintf(st.w.Out, "tpinstr: %s\n", line)
	if st.childOut == "" && st.goChild == nil {
		st.verdictLog.record(line)
	}
}

// taskVerdict writes the verdict of a program or test binary whose task
// runs needed no exploration: one run decides every schedule of the input
// (Surendran and Sarkar, RV 2016, Theorem 2; Nakade 2016, Theorem 3).
func (st *state) taskVerdict() {
	if st.taskRuns == 0 || st.verdicts > 0 || st.childOut != "" || st.goChild != nil {
		return
	}
	runs := report.Plural(st.taskRuns, "run")
	if c := st.inTaskGo; c != nil {
		st.verdict(fmt.Sprintf("checked this schedule only: %s%s (%s of rt/task)", c.What, at(c.Site), runs))
		return
	}
	st.verdict(fmt.Sprintf("checked every schedule of this input (%s of rt/task)", runs))
}
