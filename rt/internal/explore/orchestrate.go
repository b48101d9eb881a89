package explore

import (
	"bytes"
	"encoding/json"
	"fmt"
	"hash/fnv"
	"io"
	"os"
	"os/exec"
	"os/signal"
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
// backtrack sets (scheduler.go), the races and deadlocks of its schedule and a
// fingerprint of each Run's graph. The parent explores the tree of choices
// depth first, de-duplicates the races by their pair of sites, and writes
// them with the schedule that shows each. Re-running the process (rather
// than re-running task.Run's body in the process) keeps the program's state
// exactly as the input made it, and its output appears once.

const (
	envExplore  = "TPINSTR_EXPLORE"  // the child's findings file
	envSchedule = "TPINSTR_SCHEDULE" // the child's schedule prefix
)

// Findings is what a child reports to the exploring parent.
type Findings struct {
	Choices  []Choice         `json:"choices"`
	Races    []Result         `json:"races,omitempty"`
	Deadlock *report.Deadlock `json:"deadlock,omitempty"`
	Graphs   []string         `json:"graphs,omitempty"`
}

// Child returns, in a process that exploration started, the file to write
// its findings to and the prefix of its schedule; out is "" in any other
// process.
func Child() (out string, prefix []event.Task, err error) {
	out = os.Getenv(envExplore)
	if out == "" {
		return "", nil, nil
	}
	prefix, err = ParseSchedule(os.Getenv(envSchedule))
	return out, prefix, err
}

// Findings returns what the schedules run so far found, with the backtrack
// sets of their choices: what a child reports to its parent.
func (x *Explorer) Findings() Findings {
	x.backtrack()
	return Findings{Choices: x.choices, Races: x.results, Deadlock: x.deadlock, Graphs: x.graphs}
}

// WriteFindings writes f to the file out, for the parent.
func WriteFindings(out string, f Findings) error {
	b, err := json.Marshal(f)
	if err == nil {
		err = os.WriteFile(out, b, 0o666)
	}
	if err != nil {
		return fmt.Errorf("exploration: %w", err)
	}
	return nil
}

// Summary is what exploration found.
type Summary struct {
	Schedules int               // schedules run
	Graphs    int               // distinct computation graphs among them
	Complete  bool              // every schedule needed was run
	Races     []Result          // the races, one per pair of positions
	Deadlocks []report.Deadlock // the deadlocks, one per set of blocked positions
	Failures  []string          // schedules whose run failed, with how
	// Interrupted: an interrupt (SIGINT, Ctrl-C) stopped the exploration
	// before it was complete; what it found so far is in the summary.
	Interrupted bool
}

// Run runs the program (this process's executable) again with arguments
// args under every schedule of its isolated sections that can change its
// computation graph, up to maxSchedules schedules, each as a child process
// whose output is discarded, up to procs of them at once (parallel.go: the
// result is the serial exploration's), and gathers what they found.
func Run(args []string, maxSchedules, procs int) Summary {
	var sum Summary
	exe, err := os.Executable()
	if err != nil {
		sum.Failures = append(sum.Failures, fmt.Sprintf("cannot re-run the program: %v", err))
		return sum
	}
	dir, err := os.MkdirTemp("", "tpinstr-explore-")
	if err != nil {
		sum.Failures = append(sum.Failures, fmt.Sprintf("cannot re-run the program: %v", err))
		return sum
	}
	defer os.RemoveAll(dir)

	graphs := map[string]bool{}
	seenRace := map[report.Key]bool{}
	seenDeadlock := map[string]bool{}
	seenPrefix := map[string]bool{"": true}
	work := []string{""} // schedule prefixes, FormatSchedule's form
	type outcome struct {
		f   *Findings
		err error
	}
	pool := NewPool(procs, func(key string, seq int) outcome {
		prefix, err := ParseSchedule(key)
		if err != nil {
			return outcome{nil, err}
		}
		f, err := runChild(exe, args, filepath.Join(dir, fmt.Sprintf("findings%d.json", seq)), prefix)
		return outcome{f, err}
	})
	defer pool.Close()
	// An interrupt stops the exploration, so that what it found so far is
	// written (the races held since the serial run among it) instead of
	// being lost with the process. The children, in the same process
	// group, get the terminal's interrupt too.
	intr := make(chan os.Signal, 1)
	signal.Notify(intr, os.Interrupt)
	defer signal.Stop(intr)
	for len(work) > 0 {
		if sum.Schedules == maxSchedules {
			return sum
		}
		if Interrupted(intr) {
			sum.Interrupted = true
			return sum
		}
		key := work[len(work)-1]
		work = work[:len(work)-1]
		prefix, _ := ParseSchedule(key) // formatted here
		sum.Schedules++
		o := pool.Get(key, Ahead(work, min(maxSchedules-sum.Schedules, 4*procs), nil))
		f, err := o.f, o.err
		if err != nil && Interrupted(intr) {
			// The child died of the interrupt: its schedule was not run.
			sum.Schedules--
			sum.Interrupted = true
			return sum
		}
		if err != nil {
			sum.Failures = append(sum.Failures, fmt.Sprintf("schedule %q: %v", FormatSchedule(prefix), err))
			continue
		}
		for _, g := range f.Graphs {
			graphs[g] = true
		}
		for _, r := range f.Races {
			key := r.Report.Key()
			if !seenRace[key] {
				seenRace[key] = true
				sum.Races = append(sum.Races, r)
			}
		}
		if d := f.Deadlock; d != nil {
			var key strings.Builder
			for _, b := range d.Blocked {
				fmt.Fprintf(&key, "%s:%d:%d:%s;", b.File, b.Line, b.Col, b.Waits)
			}
			if !seenDeadlock[key.String()] {
				seenDeadlock[key.String()] = true
				sum.Deadlocks = append(sum.Deadlocks, *d)
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
			seenPrefix[FormatSchedule(chosen[:k])] = true
		}
		for k := len(f.Choices) - 1; k >= 0; k-- {
			for _, b := range f.Choices[k].Backtrack {
				p := append(slices.Clone(chosen[:k]), b)
				if key := FormatSchedule(p); !seenPrefix[key] {
					seenPrefix[key] = true
					work = append(work, key)
				}
			}
		}
	}
	sum.Graphs = len(graphs)
	sum.Complete = true
	return sum
}

// Interrupted reports whether an interrupt arrived on intr, a channel
// given to signal.Notify with room for one signal, and keeps reporting it
// once it did.
func Interrupted(intr chan os.Signal) bool {
	select {
	case sig := <-intr:
		intr <- sig // for the next call
		return true
	default:
		return false
	}
}

// runChild runs the program once under the schedule prefix and reads its
// findings.
func runChild(exe string, args []string, out string, prefix []event.Task) (*Findings, error) {
	os.Remove(out)
	defer os.Remove(out)
	cmd := exec.Command(exe, args...)
	cmd.Env = append(os.Environ(), envExplore+"="+out, envSchedule+"="+FormatSchedule(prefix))
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
	var f Findings
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
