package checker

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strings"
	"time"

	"github.com/tpinstr/tpinstr/rt/internal/explore"
	"github.com/tpinstr/tpinstr/rt/internal/goexec"
	"github.com/tpinstr/tpinstr/rt/internal/report"
)

// Exploring the acquisition orders of a run of goroutines. When two
// goroutines acquired one mutex (or Once, or atomic variable), the
// depth-first run was one order of acquisitions among others. At the end
// of the run the process runs the program (or the test) again, as a child
// with the same arguments and its output discarded, once per schedule that
// reverses a pair of acquisitions (rt/internal/goexec, explore.go), depth
// first, up to the max_schedules option; each child writes the races and
// the deadlock of its schedule and the schedules that reverse one more
// pair. Reports of a child are written by the parent with the schedule
// that shows them and a replay option that runs it again. Up to
// explore_procs children run at once (explore.Pool), with the serial
// walk's reports and verdict.

const (
	envGoExplore  = "TPINSTR_GOEXPLORE"  // a child's findings file
	envGoSchedule = "TPINSTR_GOSCHEDULE" // a child's schedule
)

// goFindings is what a child of goroutine exploration reports.
type goFindings struct {
	Races        []report.Race    `json:"races,omitempty"`
	Deadlock     *report.Deadlock `json:"deadlock,omitempty"`
	Alternatives []string         `json:"alternatives,omitempty"`
	Choice       *goexec.Choice   `json:"choice,omitempty"`
	Panic        *report.Panic    `json:"panic,omitempty"`
	// Order is the run's order of attempts (goexec's Attempts, written
	// as a schedule), unless the run could not follow its schedule's.
	Order string `json:"order,omitempty"`
	// Hooks is how many hooks entered the run (goexec's Hooks).
	Hooks uint64 `json:"hooks,omitempty"`
	Ran   bool   `json:"ran"`
}

// goChildState is set in a child of goroutine exploration.
type goChildState struct {
	out      string
	sched    goexec.Schedule
	found    goFindings
	finished bool // the findings were written (finishGoChild)
}

// setupGoChild reads the environment of a child of goroutine exploration,
// or the replay option naming a goroutine schedule.
func (st *state) setupGoChild() error {
	if out := os.Getenv(envGoExplore); out != "" {
		s, err := goexec.ParseSchedule(os.Getenv(envGoSchedule))
		if err != nil {
			return fmt.Errorf("%s: %w", envGoSchedule, err)
		}
		st.goChild = &goChildState{out: out, sched: s}
		return nil
	}
	if r := st.opts.GoReplay; r != "" {
		s, err := goexec.ParseSchedule(r)
		if err != nil {
			return fmt.Errorf("TPINSTR: replay: %w", err)
		}
		if len(s.Follow) > 0 || len(s.Points) > 0 {
			st.goReplay = &s
		}
	}
	return nil
}

// finishGoChild writes a child's findings and ends its process. It runs
// once: a deferred hook that runs while the process ends (a test's end,
// after a deadlock was reported) does not write the findings again.
func (st *state) finishGoChild(gx *goexec.Exec, d *report.Deadlock) {
	if st.goChild.finished {
		return
	}
	st.goChild.finished = true
	f := &st.goChild.found
	f.Ran = true
	f.Deadlock = d
	if gx != nil {
		if t := st.opts.ExploreTime; t > 0 {
			gx.ListBy = time.Now().Add(t + st.opts.SampleTime)
		}
		for _, s := range gx.Alternatives(len(f.Races) > 0) {
			f.Alternatives = append(f.Alternatives, s.String())
		}
		f.Choice = gx.Choice()
		if !gx.Diverged {
			f.Order = goexec.Schedule{Follow: gx.Attempts()}.String()
		}
		f.Hooks = gx.Hooks()
	}
	b, err := json.Marshal(f)
	if err == nil {
		err = os.WriteFile(st.goChild.out, b, 0o666)
	}
	if err != nil {
		fmt.Fprintf(os.Stderr, "tpinstr: exploration: %v\n", err)
		os.Exit(2)
	}
	os.Exit(exitChild)
}

// goExploreSummary is what exploring a run's acquisition orders found.
type goExploreSummary struct {
	schedules int    // schedules run that reported, the depth-first one included
	complete  bool   // every schedule that reverses a pair was run
	limit     string // what stopped it, when not complete
	choice    *goexec.Choice
	failures  []string
	// interrupted: an interrupt (SIGINT, Ctrl-C) stopped the exploration;
	// the process ends once the verdict is written (exitInterrupted).
	interrupted bool
}

// exploreGo runs the schedules that the run of gx lists, and those their
// runs list, depth first, up to the max_schedules option. args are the
// program's arguments (a test binary's restricted to the test).
//
// alone says that the children run a test alone that ran after other
// tests here: the first child then runs it depth first, as this process
// did, and when that run made other operations or accesses (the test
// depends on what the tests before it left, such as package state), no
// schedule run alone stands for one of this process, and the verdict
// says so.
func (st *state) exploreGo(gx *goexec.Exec, args []string, alone bool) goExploreSummary {
	sum := goExploreSummary{schedules: 1}
	exe, err := os.Executable()
	if err != nil {
		sum.failures = append(sum.failures, fmt.Sprintf("cannot re-run the program: %v", err))
		return sum
	}
	dir, err := os.MkdirTemp("", "tpinstr-goexplore-")
	if err != nil {
		sum.failures = append(sum.failures, fmt.Sprintf("cannot re-run the program: %v", err))
		return sum
	}
	defer os.RemoveAll(dir)

	start := time.Now()
	root := goexec.Schedule{}.String()
	seen := map[string]bool{root: true}
	// ran holds the orders of the runs, so that a schedule that would make
	// a run that ran again is not run (goexec.Ran).
	var ran goexec.Ran
	ran.Add(goexec.Schedule{}, gx.Attempts())
	// A schedule is seen as the replay option runs it: two with one
	// order and different sleep sets make one run.
	covered := func(s string) bool {
		sc, err := goexec.ParseSchedule(s)
		if err != nil {
			return seen[s]
		}
		return seen[sc.Replay()] || ran.Covers(sc)
	}
	var work []string
	if t := st.opts.ExploreTime; t > 0 {
		// Sampling draws from what runs listed: the listing may take
		// the sample_time too.
		gx.ListBy = start.Add(t + st.opts.SampleTime)
	}
	for _, s := range gx.Alternatives(len(st.emitted) > 0) {
		work = append(work, s.String())
	}
	deadlocks := map[string]bool{}
	panics := map[string]bool{}
	// Children run up to explore_procs at once, ahead of the walk, which
	// merges their findings one at a time in its own order (see
	// explore.Pool): the reports and the verdict are the serial walk's.
	type outcome struct {
		f      goFindings
		runErr error
		err    error
	}
	procs := explore.Procs(st.opts.ExploreProcs)
	// A child still running at twice the explore_time limit (and the
	// sample_time after it) is stopped: a schedule may deadlock in a test
	// binary, whose run then waits for the goroutines of package
	// testing, as the test would (goexec's next). Its schedule did not
	// report, and the verdict says so.
	ctx := context.Background()
	if t := st.opts.ExploreTime; t > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithDeadline(ctx, start.Add(2*t+st.opts.SampleTime))
		defer cancel()
	}
	pool := explore.NewPool(procs, func(s string, seq int) outcome {
		out := filepath.Join(dir, fmt.Sprintf("run%d.json", seq))
		cmd := exec.CommandContext(ctx, exe, args...)
		cmd.Env = append(os.Environ(), envGoExplore+"="+out, envGoSchedule+"="+s)
		var stderr tailBuffer
		cmd.Stdin, cmd.Stdout, cmd.Stderr = nil, nil, &stderr
		var o outcome
		o.runErr = cmd.Run()
		switch {
		case o.runErr != nil && ctx.Err() != nil:
			o.runErr = fmt.Errorf("stopped at twice the explore_time limit of %v and the sample_time", st.opts.ExploreTime)
		case o.runErr != nil:
			if last := stderr.lastLine(); last != "" {
				o.runErr = fmt.Errorf("%w: %s", o.runErr, last)
			}
		}
		b, err := os.ReadFile(out)
		if err == nil {
			err = json.Unmarshal(b, &o.f)
		}
		o.err = err
		os.Remove(out)
		return o
	})
	defer pool.Close()
	// unreported counts the schedules whose runs did not report: they
	// count towards max_schedules, and not among the schedules checked.
	unreported := 0
	// merge writes what the run of schedule s found, once.
	merge := func(listed string, o outcome) (goFindings, bool) {
		// Reports name the schedule as the replay option runs it, without
		// the sleep set, which only changes what its run lists.
		s := listed
		if sc, err := goexec.ParseSchedule(listed); err == nil {
			s = sc.Replay()
		}
		f, runErr, err := o.f, o.runErr, o.err
		if err != nil || !f.Ran {
			sum.failures = append(sum.failures, fmt.Sprintf("schedule %s did not report (%v)", s, firstErr(runErr, err)))
			unreported++
			return f, false
		}
		if f.Choice != nil && sum.choice == nil {
			sum.choice = f.Choice
		}
		for _, rep := range f.Races {
			if st.childRepeats(rep.Key()) {
				continue
			}
			st.emitGo(rep, s)
		}
		if d := f.Deadlock; d != nil {
			d.Schedule, d.Test = s, st.verdictLog.test
			key := fmt.Sprint(len(d.Blocked))
			for _, b := range d.Blocked {
				key += fmt.Sprintf("|%d %s %s:%d", b.Goroutine, b.Waits, b.File, b.Line)
			}
			if !deadlocks[key] {
				deadlocks[key] = true
				st.printDeadlock(*d)
				st.findings.Found(report.FindDeadlock, 1)
			}
		}
		if p := f.Panic; p != nil {
			st.schedulePanic(*p, s, panics)
		}
		return f, true
	}
	// An interrupt stops the exploration, so that what it found is
	// written rather than lost with the process (explore.Run does the same
	// for isolated sections).
	intr := make(chan os.Signal, 1)
	signal.Notify(intr, os.Interrupt)
	defer signal.Stop(intr)
	if alone {
		// The depth-first schedule again, alone: not another schedule.
		order := goexec.Schedule{Follow: gx.Attempts()}.String()
		f, ok := merge(root, pool.Get(root, nil))
		if !ok {
			unreported-- // it is not counted among the schedules
		}
		if !ok || f.Order != order || f.Hooks != gx.Hooks() {
			sum.choice = &goexec.Choice{What: "the test's run, which depends on what the tests before it left (run alone, as the runs of other schedules run it, it made other operations)"}
			sum.complete = false
			return sum
		}
	}
	// The schedules each run lists, for sampling.
	listed := map[string][]string{root: append([]string(nil), work...)}
	for len(work) > 0 {
		s := work[len(work)-1]
		work = work[:len(work)-1]
		if covered(s) {
			continue
		}
		if sum.schedules >= st.opts.MaxSchedules {
			work = append(work, s)
			sum.limit = "the max_schedules limit"
			break
		}
		if t := st.opts.ExploreTime; t > 0 && time.Since(start) >= t {
			work = append(work, s)
			sum.limit = fmt.Sprintf("the explore_time limit of %v", t)
			break
		}
		if explore.Interrupted(intr) {
			work = append(work, s)
			sum.limit, sum.interrupted = "an interrupt", true
			break
		}
		if sc, err := goexec.ParseSchedule(s); err == nil {
			seen[sc.Replay()] = true
		}
		seen[s] = true
		sum.schedules++
		ahead := explore.Ahead(work, min(st.opts.MaxSchedules-sum.schedules, 4*procs), covered)
		o := pool.Get(s, ahead)
		if (o.err != nil || o.runErr != nil) && explore.Interrupted(intr) {
			// The child died of the interrupt: its schedule was not run.
			sum.schedules--
			work = append(work, s)
			sum.limit, sum.interrupted = "an interrupt", true
			break
		}
		f, ok := merge(s, o)
		if !ok {
			continue
		}
		listed[s] = f.Alternatives
		if f.Order != "" {
			sc, err1 := goexec.ParseSchedule(s)
			order, err2 := goexec.ParseSchedule(f.Order)
			if err1 == nil && err2 == nil {
				ran.Add(sc, order.Follow)
			}
		}
		work = append(work, f.Alternatives...)
	}
	// The schedules run in order that did not report are not among
	// those checked (sampled ones are not counted in sum.schedules).
	sum.schedules -= unreported
	sum.complete = len(work) == 0
	if sum.complete && len(sum.failures) > 0 {
		sum.complete = false
		sum.limit = report.Plural(len(sum.failures), "schedule") + " that did not report"
	}
	if !sum.complete && st.opts.SampleTime > 0 && !sum.interrupted {
		began := time.Now()
		// Children still running at the context's deadline are stopped:
		// sampling ends there too.
		end, _ := ctx.Deadline()
		n := st.sampleGo(listed, seen, end, func(s string) ([]string, bool) {
			f, ok := merge(s, pool.Get(s, nil))
			return f.Alternatives, ok
		})
		took := "for " + st.opts.SampleTime.String()
		if d := time.Since(began); d < st.opts.SampleTime {
			// The walks found no schedule left to run before sample_time.
			took = fmt.Sprintf("in %v (of the sample_time of %v)", d.Round(time.Millisecond), st.opts.SampleTime)
		}
		sum.limit += fmt.Sprintf(", then %s sampled at random %s with sample_seed=%d",
			report.Plural(n, "more schedule"), took, st.opts.SampleSeed)
	}
	if unreported > 0 && !strings.Contains(sum.limit, "did not report") {
		sum.limit += fmt.Sprintf("; %s did not report", report.Plural(unreported, "schedule"))
	}
	return sum
}

// sampleGo runs schedules chosen at random for the sample_time option,
// after the exploration in order stopped at a limit, and returns how many
// it ran. A sample is a random walk down the tree of schedules that the
// exploration walks in order: from the depth-first schedule, each step
// takes one of the schedules that the current one lists (which reverse
// one more pair of its operations, or take another select case) at
// random, runs it unless it ran, and goes on from it; a walk that reaches
// a schedule listing none starts again at the top. listed holds, for each
// schedule that ran, the schedules its run listed (run adds the sampled
// ones); seen holds the schedules that ran. The choices come from the
// sample_seed option, so that a seed samples the same schedules in the
// same order, and every report names the schedule that showed it with a
// replay value that runs it again. Sampling ends at end too, when it is
// not zero (the deadline of the children). The count leaves out the
// schedules that did not report.
func (st *state) sampleGo(listed map[string][]string, seen map[string]bool, end time.Time, run func(s string) ([]string, bool)) int {
	rng := rand.New(rand.NewPCG(st.opts.SampleSeed, 0x5eed))
	root := goexec.Schedule{}.String()
	deadline := time.Now().Add(st.opts.SampleTime)
	if !end.IsZero() && end.Before(deadline) {
		deadline = end
	}
	n, idle := 0, 0
	for cur := root; time.Now().Before(deadline); {
		next := listed[cur]
		if len(next) == 0 {
			if cur == root {
				break // nothing to sample
			}
			cur = root
			continue
		}
		s := next[rng.IntN(len(next))]
		cur = s
		if seen[s] {
			// Every schedule below a tree that ran in order may have run:
			// give up after as many steps without a new one as there are
			// schedules.
			if idle++; idle > len(listed)+len(seen) {
				break
			}
			if _, ok := listed[s]; !ok {
				cur = root // ran, but listed nothing (it did not report)
			}
			continue
		}
		idle = 0
		seen[s] = true
		alts, ok := run(s)
		if !ok {
			cur = root
			continue
		}
		n++
		listed[s] = alts
	}
	return n
}

// schedulePanic writes the panic p of the schedule s, unless one with the
// same value at the same place was written (seen).
func (st *state) schedulePanic(p report.Panic, s string, seen map[string]bool) {
	key := fmt.Sprintf("%s|%s:%d", p.Value, p.File, p.Line)
	if seen[key] {
		return
	}
	seen[key] = true
	p.Schedule, p.Test = s, st.verdictLog.test
	st.w.Panic(p)
	st.findings.Found(report.FindPanic, 1)
}

// emitGo writes a race that the schedule s showed.
func (st *state) emitGo(rep report.Race, s string) {
	st.emit(rep, s)
}

// tailBuffer keeps the last bytes written to it: a child's standard
// error, whose last line says why a schedule did not report.
type tailBuffer struct{ b []byte }

const tailMax = 4096

func (t *tailBuffer) Write(p []byte) (int, error) {
	t.b = append(t.b, p...)
	if len(t.b) > tailMax {
		t.b = append(t.b[:0:0], t.b[len(t.b)-tailMax:]...)
	}
	return len(p), nil
}

// lastLine returns the last line that is not empty, or the first line of
// a Go panic or fatal error, which says more than the stack after it.
func (t *tailBuffer) lastLine() string {
	lines := strings.Split(strings.TrimSpace(string(t.b)), "\n")
	for _, l := range lines {
		if strings.HasPrefix(l, "panic: ") || strings.HasPrefix(l, "fatal error: ") {
			return l
		}
	}
	return lines[len(lines)-1]
}

func firstErr(errs ...error) error {
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}
