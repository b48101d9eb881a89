package checker

import (
	"fmt"
	"os"
	"runtime"
	"strconv"
	"sync"
	"sync/atomic"
	"unsafe"

	"github.com/tpinstr/tpinstr/rt/internal/cgraph"
	"github.com/tpinstr/tpinstr/rt/internal/detect"
	"github.com/tpinstr/tpinstr/rt/internal/event"
	"github.com/tpinstr/tpinstr/rt/internal/explore"
	"github.com/tpinstr/tpinstr/rt/internal/goexec"
	"github.com/tpinstr/tpinstr/rt/internal/report"
	"github.com/tpinstr/tpinstr/rt/internal/shadow"
	"github.com/tpinstr/tpinstr/rt/options"
)

// state is the checker of one process. Like runtime/race's, it is global:
// hooks are called from generated code that has no value to pass it in.
//
// Checked executions run one task at a time, so the fields used by hooks are
// only touched by the goroutine running the current checked Run; Runs of
// other goroutines wait for it in RunBegin.
type state struct {
	opts options.Options
	w    report.Writer // where reports go: standard error, and the json option's file

	pendingSite uint32 // set by At, taken by the next task-library call

	unchecked uncheckedSites // accesses without a hook that the program reached (unchecked.go)

	det        *detect.Detector
	x          *explore.Explorer   // non-nil in a run that explores or replays a schedule
	childOut   string              // in a run started by exploration, where its findings go
	graph      *cgraph.Graph       // the dot option's recording of the current Run
	dotStarted bool                // the dot file has been truncated
	cur        event.Task          // the task running now; 0 outside checked Runs
	root       event.Task          // the root task of the current Run
	tasks      []taskInfo          // per task, for reports
	next       event.Task          // the next task id
	runs       int                 // Runs started, for reports
	gen        uint64              // see Generation
	depth      int                 // nesting of Run calls on the owning goroutine
	owner      uint64              // goroutine running the current Run
	ownerG     uintptr             // the same, as goexec.Self returns it
	seen       map[sitePair]uint64 // the pairs reported, with the test epoch of their report (testEpoch)
	perm       *permState          // permission regions, from the first acquire (or the start, in strict mode)

	// Isolated sections in the current Run: while any ran, reports wait
	// for the Run's end, and when two tasks or more ran some, the serial
	// order was one schedule among others and exploration settles them.
	isoTasks    int           // distinct tasks that ran an isolated section, up to 2
	lastIsoTask event.Task    // the first of them
	held        []report.Race // reports of the current Run held back
	unconfirmed []report.Race // held reports of Runs whose schedules need exploring
	needExplore bool
	iso         *isoWatch // conflicts between the isolated sections of the Run
	sections    int       // commuting sections of a mutex open in a run of goroutines (goatomic.go)
	slow        bool      // a rare mode is on: see updateSlow

	findings report.Log            // what was reported so far
	emitted  map[report.Key]uint64 // the reports written, with the test epoch of each (testEpoch)
	// testEpoch counts the tests begun (TestBegin): a pair of accesses
	// reported in an earlier test is reported again, and fails the test,
	// when the race happens again in a later one.
	testEpoch atomic.Uint64

	mu sync.Mutex // held by the goroutine running a checked Run

	// A run of plain goroutines (goroutines.go, goexplore.go).
	gx          *goexec.Exec         // the executor of the current run of goroutines
	verdicts    int                  // verdict lines written
	verdictLog  verdictLog           // the verdicts for tpinstr test's summary (verdictlog.go)
	taskRuns    int                  // task.Runs started (runs counts the runs of goroutines too)
	goChild     *goChildState        // set in a child of goroutine exploration
	goReplay    *goexec.Schedule     // the replay option's goroutine schedule, unless it is the depth-first one
	inTaskGo    *goexec.Choice       // the first goroutine operation inside a task.Run, which runs unchecked
	topPar      *goexec.Choice       // the t.Parallel of the running top-level test (testpar.go)
	topParSaid  bool                 // a verdict named topPar
	topParallel map[string]bool      // top-level tests that called t.Parallel (testpar.go)
	topWindow   map[string][2]uint64 // findings made while a top-level test waited in t.Parallel, by test (testpar.go)
	waiting     parallelCounts       // by top-level test, its subtests that called t.Parallel under package testing's own wait and have not ended (testpar.go)
	bubbleState                      // goroutines.go
}

type taskInfo struct {
	parent event.Task
	site   uint32 // where it was spawned
	future bool
	g      int32 // the goroutine whose segment it is (goroutines.go), or 0
}

type sitePair struct{ prev, cur uint32 }

var (
	theState *state
	initOnce sync.Once
)

// global returns the process's checker, creating it on first use.
func global() *state {
	initOnce.Do(func() {
		o, err := options.Parse(os.Getenv("TPINSTR"))
		if err != nil {
			fmt.Fprintln(os.Stderr, "tpinstr:", err)
			os.Exit(2)
		}
		if out, _, _ := explore.Child(); out != "" || os.Getenv(envGoExplore) != "" {
			// A child of exploration hands its findings to its parent
			// (package explore, or goexplore.go), which writes every report
			// and graph: the child must not truncate the files the parent
			// writes to.
			o.JSONPath, o.DotPath = "", ""
		}
		st := &state{opts: o, w: report.Writer{Out: os.Stderr}, seen: map[sitePair]uint64{}}
		if o.JSONPath != "" {
			f, err := os.Create(o.JSONPath)
			if err != nil {
				fmt.Fprintf(os.Stderr, "tpinstr: json option: %v\n", err)
				os.Exit(2)
			}
			st.w.JSON = f
		}
		if err := st.setupGoChild(); err != nil {
			fmt.Fprintln(os.Stderr, "tpinstr:", err)
			os.Exit(2)
		}
		if err := st.setupExplore(); err != nil {
			fmt.Fprintln(os.Stderr, "tpinstr:", err)
			os.Exit(2)
		}
		st.updateSlow()
		theState = st
	})
	return theState
}

// flush makes sure every report is written. Reports are written when they
// are found, so there is nothing buffered; it syncs the json file.
func (st *state) flush() { st.w.Sync() }

// SetPendingSite records site as the site of the next task-library call:
// it is the body of rt.At.
func SetPendingSite(site uint32) { global().pendingSite = site }

// takeSite returns the site recorded by At and forgets it.
func (st *state) takeSite() uint32 {
	s := st.pendingSite
	st.pendingSite = 0
	return s
}

// Access is the body of every access hook of package rt: an access of the
// size bytes at p, a write when write is true, at site. It does nothing
// outside a checked Run. Its common path is one test, the detector's fast
// path, and for a read one more test (SeenHit). rt.Read's callers ask
// rt.Repeat first, so reads the running step has made already do not
// come here.
func Access(p unsafe.Pointer, size uintptr, write bool, site uint32) {
	st := theState
	if st == nil || st.cur == 0 {
		return
	}
	if st.gx != nil {
		st.goAccess(p, size, write, site) // goroutines.go
		return
	}
	if st.slow {
		st.slowAccess(p, size, write, site)
		return
	}
	if c, done := st.det.Quick(st.cur, p, size, write, event.Site(site)); !done {
		st.det.AccessRest(c, st.cur, p, size, write, event.Site(site))
	}
	if !write && st.det.SeenHit() {
		// A read of a page the step reads again: its filter is copied for
		// rt.Repeat, which rewritten code asks before Read (shadow.Repeat
		// is the same test). The conditions of this path (a checked run of
		// tasks, no goroutine executor, none of the modes of updateSlow)
		// hold until something turns the copies off: updateSlow, a change
		// of the running task or of the executor, a new detector, or an
		// isolated body (the detector's setIso); and a copy belongs to the
		// running step only as long as the graph's live step says so.
		st.det.ArmRepeat()
	}
}

// slowAccess is access when one of the rarer modes is on (see
// updateSlow): permission regions, exploration, an isolated section of a
// serial run, the dot option's graph, or goroutines started inside a
// task.Run.
func (st *state) slowAccess(p unsafe.Pointer, size uintptr, write bool, site uint32) {
	if st.inTaskGo != nil && st.gx == nil && st.x == nil && goexec.Self() != st.ownerG {
		// A goroutine that a go statement inside a task.Run started, and
		// that runs beside the tasks: not modelled (see GoExec), so not
		// recorded, and the tasks' detector is not touched from two
		// goroutines at once. (While Isolated orders are explored, tasks
		// run on goroutines of their own, so the test does not apply.)
		return
	}
	if st.sections > 0 && st.gx != nil {
		st.gx.SectionAccess(p, size, site)
	}
	if (st.perm != nil || st.opts.Permissions == options.PermStrict) && st.permAccess(p, size, write, site) {
		return // a permission region of the task stands for it: see permAccess
	}
	if st.x != nil {
		st.x.Access(st.cur, uintptr(p), size, write, site)
		return
	}
	if st.iso != nil && st.iso.depth > 0 {
		st.iso.access(st.cur, p, size, write)
	}
	st.det.AccessPin(st.cur, p, size, write, event.Site(site))
	if st.graph != nil {
		st.graph.Access(st.cur, uintptr(p), size, write, event.Site(site))
	}
}

// updateSlow sets st.slow, which keeps the common access on one test: it
// must be called whenever perm, the permissions option, x, the isolated
// depth, graph or inTaskGo changes.
func (st *state) updateSlow() {
	shadow.RepeatOff()
	st.slow = st.inTaskGo != nil || st.perm != nil || st.opts.Permissions == options.PermStrict || st.x != nil ||
		(st.iso != nil && st.iso.depth > 0) || st.graph != nil || st.sections > 0
}

// goid returns the id of the calling goroutine. It is used once per Run, to
// tell a Run nested in a task from a Run of another goroutine.
func goid() uint64 {
	var buf [64]byte
	b := buf[:runtime.Stack(buf[:], false)]
	// "goroutine 123 [running]:..."
	const prefix = "goroutine "
	if len(b) < len(prefix) {
		return 0
	}
	b = b[len(prefix):]
	i := 0
	for i < len(b) && b[i] >= '0' && b[i] <= '9' {
		i++
	}
	n, _ := strconv.ParseUint(string(b[:i]), 10, 64)
	return n
}
