package checker

import (
	"bytes"
	"encoding/json"
	"fmt"
	"hash/fnv"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"

	"github.com/tpinstr/tpinstr/rt/internal/cgraph"
	"github.com/tpinstr/tpinstr/rt/internal/event"
	"github.com/tpinstr/tpinstr/rt/internal/report"
)

// Orchestration of schedule exploration. The process that a user starts
// runs the program once in serial depth-first order, with the fast
// detector. If a Run executed isolated sections of more than one task, that
// order was one schedule among several, so at the end of the program the
// process runs it again from the start, once per schedule to explore, as a
// child process with the same arguments, its output discarded, the prefix
// of the schedule in TPINSTR_SCHEDULE and a file for its findings in
// TPINSTR_EXPLORE. Each child follows the prefix, then takes the first
// option at every further choice, and writes the choices it made with their
// backtrack sets (explore.go), the races and deadlocks of its schedule and a
// fingerprint of each Run's graph. The parent explores the tree of choices
// depth first, de-duplicates the races by their pair of sites, and writes
// them with the schedule that shows each. Re-running the process (rather
// than re-running task.Run's body in the process) keeps the program's state
// exactly as the input made it, and its output appears once.

const (
	envExplore  = "TPINSTR_EXPLORE"  // the child's findings file
	envSchedule = "TPINSTR_SCHEDULE" // the child's schedule prefix
)

// childRun is set in a process started by exploration.
type childRun struct {
	out string // where to write the findings
}

// findings is what a child reports to the exploring parent.
type findings struct {
	Choices  []choice         `json:"choices"`
	Races    []xresult        `json:"races,omitempty"`
	Deadlock *report.Deadlock `json:"deadlock,omitempty"`
	Graphs   []string         `json:"graphs,omitempty"`
}

// setupExplore prepares an exploring run when the environment asks for
// one: a child of exploration, or a replay of a schedule the user named.
func (st *state) setupExplore() error {
	if out := os.Getenv(envExplore); out != "" {
		prefix, err := parseSchedule(os.Getenv(envSchedule))
		if err != nil {
			return err
		}
		st.child = &childRun{out: out}
		st.x = &explorer{st: st, prefix: prefix, inIso: -1}
		return nil
	}
	if st.opts.Replay != "" {
		prefix, _ := parseSchedule(st.opts.Replay)
		st.x = &explorer{st: st, prefix: prefix, replay: true, inIso: -1}
	}
	return nil
}

// finishChild writes a child's findings and ends its process.
func (st *state) finishChild() {
	x := st.x
	x.backtrack()
	f := findings{Choices: x.choices, Races: x.results, Deadlock: x.deadlock, Graphs: x.graphs}
	b, err := json.Marshal(f)
	if err == nil {
		err = os.WriteFile(st.child.out, b, 0o666)
	}
	if err != nil {
		fmt.Fprintf(os.Stderr, "tpinstr: exploration: %v\n", err)
		os.Exit(2)
	}
	os.Exit(0)
}

// exploreSummary is what exploration found.
type exploreSummary struct {
	schedules int
	graphs    int
	complete  bool // every schedule needed was run
	races     []xresult
	deadlocks []report.Deadlock
	failures  []string // schedules whose run failed, with how
}

// explore runs the program again under every schedule of its isolated
// sections that can change its computation graph, up to the max_schedules
// option.
func (st *state) explore(args []string) exploreSummary {
	var sum exploreSummary
	exe, err := os.Executable()
	if err != nil {
		sum.failures = append(sum.failures, fmt.Sprintf("cannot re-run the program: %v", err))
		return sum
	}
	dir, err := os.MkdirTemp("", "tpinstr-explore-")
	if err != nil {
		sum.failures = append(sum.failures, fmt.Sprintf("cannot re-run the program: %v", err))
		return sum
	}
	defer os.RemoveAll(dir)

	graphs := map[string]bool{}
	seenRace := map[sitePair]bool{}
	seenDeadlock := map[string]bool{}
	seenPrefix := map[string]bool{"": true}
	work := [][]event.Task{nil}
	for len(work) > 0 {
		if sum.schedules == st.opts.MaxSchedules {
			return sum
		}
		prefix := work[len(work)-1]
		work = work[:len(work)-1]
		sum.schedules++
		f, err := runChild(exe, args, filepath.Join(dir, "findings.json"), prefix)
		if err != nil {
			sum.failures = append(sum.failures, fmt.Sprintf("schedule %q: %v", formatSchedule(prefix), err))
			continue
		}
		for _, g := range f.Graphs {
			graphs[g] = true
		}
		for _, r := range f.Races {
			key := sitePair{siteOf(r.Report.Previous), siteOf(r.Report.Access)}
			if !seenRace[key] {
				seenRace[key] = true
				sum.races = append(sum.races, r)
			}
		}
		if d := f.Deadlock; d != nil {
			var key strings.Builder
			for _, b := range d.Blocked {
				fmt.Fprintf(&key, "%s:%d:%d:%s;", b.File, b.Line, b.Col, b.Waits)
			}
			if !seenDeadlock[key.String()] {
				seenDeadlock[key.String()] = true
				sum.deadlocks = append(sum.deadlocks, *d)
			}
		}
		chosen := make([]event.Task, len(f.Choices))
		for k, c := range f.Choices {
			chosen[k] = c.Chosen
		}
		// Every prefix of this schedule that extends the one it was run
		// with ends the same way, since choices past the prefix take the
		// first option: none needs a run of its own.
		for k := len(prefix); k <= len(chosen); k++ {
			seenPrefix[formatSchedule(chosen[:k])] = true
		}
		for k := len(f.Choices) - 1; k >= 0; k-- {
			for _, b := range f.Choices[k].Backtrack {
				p := append(slices.Clone(chosen[:k]), b)
				if key := formatSchedule(p); !seenPrefix[key] {
					seenPrefix[key] = true
					work = append(work, p)
				}
			}
		}
	}
	sum.graphs = len(graphs)
	sum.complete = true
	return sum
}

// siteOf identifies an access of a report for de-duplication: its
// position, which is what the user sees.
func siteOf(a report.Access) uint32 {
	h := fnv.New32a()
	fmt.Fprintf(h, "%s:%d:%d:%s", a.File, a.Line, a.Col, a.Op)
	return h.Sum32()
}

// runChild runs the program once under the schedule prefix and reads its
// findings.
func runChild(exe string, args []string, out string, prefix []event.Task) (*findings, error) {
	os.Remove(out)
	cmd := exec.Command(exe, args...)
	cmd.Env = append(os.Environ(), envExplore+"="+out, envSchedule+"="+formatSchedule(prefix))
	var stderr bytes.Buffer
	cmd.Stdout = io.Discard
	cmd.Stderr = &stderr
	runErr := cmd.Run()
	b, err := os.ReadFile(out)
	if err != nil {
		msg := strings.TrimSpace(stderr.String())
		if len(msg) > 2000 {
			msg = msg[:2000] + "…"
		}
		if runErr != nil {
			return nil, fmt.Errorf("the program failed (%v) before the end of the schedule:\n%s", runErr, msg)
		}
		return nil, fmt.Errorf("the program ended without reaching the checker's exit hook:\n%s", msg)
	}
	var f findings
	if err := json.Unmarshal(b, &f); err != nil {
		return nil, fmt.Errorf("reading the findings: %w", err)
	}
	return &f, nil
}

// graphPrint is a fingerprint of a graph's shape that does not depend on
// addresses, which differ between processes: steps with their task, kind,
// sites and the sites of their accesses, and edges.
func graphPrint(g *cgraph.Graph) string {
	h := fnv.New64a()
	for _, s := range g.Steps() {
		fmt.Fprintf(h, "s%d,%d,%d,%v;", s.Task, s.Begin, s.Site, s.Isolated)
		for _, a := range s.Accesses {
			fmt.Fprintf(h, "a%d,%v;", a.Site, a.Write)
		}
	}
	for _, e := range g.Edges() {
		fmt.Fprintf(h, "e%d,%d,%d;", e.From, e.To, e.Kind)
	}
	return fmt.Sprintf("%016x", h.Sum64())
}

// settle runs exploration if the program needs it and writes its verdict.
// It is called once, when the program ends.
func (st *state) settle() {
	if !st.needExplore || st.x != nil || st.child != nil {
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
		return
	}
	sum := st.explore(args)
	for _, r := range sum.races {
		// A race the serial run reported before any isolated section ran
		// is found again in every schedule: it was reported once.
		if !st.emitted[emittedKey(r.Report)] {
			st.emit(r.Report, r.Schedule)
		}
	}
	for _, d := range sum.deadlocks {
		st.printDeadlock(d)
	}
	for _, f := range sum.failures {
		fmt.Fprintf(st.w.Out, "tpinstr: exploration: %s\n", f)
	}
	switch {
	case !sum.complete:
		fmt.Fprintf(st.w.Out, "tpinstr: explored %s of the isolated sections (the max_schedules limit): no race in the %s explored, other schedules were not checked\n",
			report.Plural(sum.schedules, "schedule"), report.Plural(sum.schedules, "schedule"))
	default:
		fmt.Fprintf(st.w.Out, "tpinstr: explored %s of the isolated sections, %s\n",
			report.Plural(sum.schedules, "schedule"), report.Plural(sum.graphs, "distinct computation graph"))
	}
	if len(sum.deadlocks) > 0 {
		st.findings.Found(report.FindDeadlock, len(sum.deadlocks))
	}
	if len(sum.failures) > 0 && st.findings.Count() == 0 {
		st.findings.Found(report.FindFailure, 1) // an unexplained failure is not a verdict of no race
	}
}

// deadlocked is called when no task can run and some are blocked.
func (st *state) deadlocked(d *report.Deadlock) {
	if st.child != nil {
		st.finishChild()
	}
	st.printDeadlock(*d)
	st.flush()
	os.Exit(st.opts.ExitCode)
}

// printDeadlock writes a deadlock report.
func (st *state) printDeadlock(d report.Deadlock) { st.w.Deadlock(d) }

// fatalf reports a checker error and ends the process.
func (st *state) fatalf(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "tpinstr: "+format+"\n", args...)
	os.Exit(2)
}
