// Package explore is schedule exploration: of the orders of isolated
// sections here, and the process pool (Pool) that runs the schedules of
// isolated sections and of goroutine programs as child processes.
//
// With Isolated, one serial run no longer decides every schedule: the order of isolated sections can change what the
// program does (Nakade 2016, chapter 6). An exploring run executes the
// program under a controlled scheduler that chooses only at isolated
// boundaries (the thesis's Algorithm 2; the gradual-permission paper's
// Algorithm 1 chooses at the same places): every task runs, one at a time
// on a goroutine of its own, until it ends, blocks at a Finish or a Get, or
// reaches the entry of an Isolated body; when every task is so stuck, the
// schedule picks which waiting task enters its isolated section next.
//
// The run records the computation graph of its schedule with the isolated
// edges of that schedule (the thesis's Figure 6.1), checks it with the
// thesis's Algorithm 1, and notes, for every choice it made, which other
// choices can lead to a different graph: two isolated sections that touch
// no common location with a write commute, so only conflicting sections
// need the other order (a partial-order reduction over the sections'
// read/write sets). The process that ran the program first re-runs it, once
// per schedule to explore, with the schedule's prefix (see orchestrate.go).
//
// The package knows the scheduler, the sections and schedules; what a race
// or a deadlock means for the program (reports, exit statuses) is the
// checker's, which it reaches through a Host.
package explore

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/tpinstr/tpinstr/rt/internal/cgraph"
	"github.com/tpinstr/tpinstr/rt/internal/event"
	"github.com/tpinstr/tpinstr/rt/internal/report"
	"github.com/tpinstr/tpinstr/rt/internal/sites"
)

// taskState values of the explorer.
const (
	xRunnable = iota
	xRunning
	xIsoWait
	xWaitFinish
	xWaitGet
	xEnded
)

// Host is what an Explorer needs of the checker that drives it.
type Host interface {
	// Switch makes t the task that the hooks attribute accesses and
	// events to.
	Switch(t event.Task)
	// Report describes a race of the current Run.
	Report(r event.Race) report.Race
	// Emit writes a report now (when the user replays a schedule).
	Emit(rep report.Race, schedule string)
	// SpawnChain describes the spawns from the root down to task t.
	SpawnChain(t event.Task) []report.SpawnFrame
	// Deadlock reports that no task can run; it does not return.
	Deadlock(d *report.Deadlock)
	// Fatalf reports a checker error; it does not return.
	Fatalf(format string, args ...any)
}

// Explorer is the controlled scheduler and graph recorder of an exploring
// run. Its methods are the checked task library's events, each called on
// the goroutine of the task named (the running one) as the checker
// receives it; the Explorer runs one task at a time.
type Explorer struct {
	host    Host
	prefix  []event.Task // the choices to make first
	replay  bool         // the user asked for this schedule: report as usual
	commute bool         // commutative isolated updates of one class commute

	// Per Run.
	graph *cgraph.Graph
	tasks []*xtask // by task id
	runq  []event.Task
	isoq  []event.Task

	// Across the process's Runs.
	choices  []Choice
	sections []section
	inIso    int // index in sections of the section being executed, or -1
	results  []Result
	deadlock *report.Deadlock
	graphs   []string // fingerprint of each Run's graph
	isoLog   *IsoLog  // the isolated accesses of the Run, owned by section index
}

// New returns the Explorer of a process that runs the schedule that starts
// with the choices prefix (then takes the first option at every further
// choice). replay says that the user asked for that schedule, so that its
// races are written as they are found; commute, that commutative isolated
// updates of one class (sites.Info.Commute) commute.
func New(h Host, prefix []event.Task, replay, commute bool) *Explorer {
	return &Explorer{host: h, prefix: prefix, replay: replay, commute: commute, inIso: -1}
}

type xtask struct {
	wake     chan struct{}
	state    int
	parent   event.Task
	future   bool
	finishes []*xfinish // finishes the task opened and has not ended
	ief      *xfinish
	waitSite uint32     // where it waits, when it waits
	waitFor  event.Task // the future it waits for
	getters  []event.Task
	isolated int
}

type xfinish struct {
	owner   event.Task
	pending int // tasks it joins that have not ended
	site    uint32
}

// Choice is a choice point: the tasks waiting to enter an isolated section
// and the one chosen.
type Choice struct {
	Options []event.Task `json:"options"`
	Chosen  event.Task   `json:"chosen"`
	// Backtrack are the other options that can lead to a different graph.
	Backtrack []event.Task `json:"backtrack,omitempty"`
}

// section is an executed isolated section: the task, the choice point that
// let it in (-1 when it was the only one waiting), and the bytes it read
// and wrote.
type section struct {
	task    event.Task
	step    cgraph.StepID // the section's step in the Run's graph
	choice  int
	commute uint8 // the class of commutative update the section is, or 0
	reads   []span
	writes  []span
}

type span struct{ addr, size uintptr }

// Result is a race found in one explored schedule.
type Result struct {
	Report   report.Race `json:"report"`
	Schedule string      `json:"schedule"`
}

// ParseSchedule reads a schedule string: the task chosen at each choice
// point with more than one option, as decimal ids joined by dots.
func ParseSchedule(s string) ([]event.Task, error) {
	if s == "" {
		return nil, nil
	}
	var out []event.Task
	for _, f := range strings.Split(s, ".") {
		n, err := strconv.ParseUint(f, 10, 32)
		if err != nil {
			return nil, fmt.Errorf("schedule %q: %w", s, err)
		}
		out = append(out, event.Task(n))
	}
	return out, nil
}

// FormatSchedule writes a schedule string, as ParseSchedule reads it.
func FormatSchedule(ts []event.Task) string {
	parts := make([]string, len(ts))
	for i, t := range ts {
		parts[i] = strconv.FormatUint(uint64(t), 10)
	}
	return strings.Join(parts, ".")
}

// schedule returns the schedule string of the choices made so far.
func (x *Explorer) schedule() string {
	ts := make([]event.Task, len(x.choices))
	for i, c := range x.choices {
		ts[i] = c.Chosen
	}
	return FormatSchedule(ts)
}

func (x *Explorer) task(t event.Task) *xtask {
	for int(t) >= len(x.tasks) {
		x.tasks = append(x.tasks, nil)
	}
	if x.tasks[t] == nil {
		x.tasks[t] = &xtask{wake: make(chan struct{}, 1)}
	}
	return x.tasks[t]
}

// RunBegin starts a Run's graph and scheduler state.
func (x *Explorer) RunBegin(root event.Task, site uint32) {
	x.graph = cgraph.New()
	x.graph.Interleave()
	x.isoLog = NewIsoLog()
	x.tasks = x.tasks[:0]
	x.runq, x.isoq = x.runq[:0], x.isoq[:0]
	rt := x.task(root)
	rt.state = xRunning
	f := &xfinish{owner: root, site: site}
	rt.ief = f
	x.graph.Spawn(0, root, false, event.Site(site))
	x.graph.FinishBegin(root, event.Site(site))
	rt.finishes = append(rt.finishes, f)
}

// Spawn registers child, spawned by the running task parent.
func (x *Explorer) Spawn(parent, child event.Task, future bool, site uint32) {
	p := x.task(parent)
	c := x.task(child)
	c.parent, c.future = parent, future
	c.ief = p.ief
	if n := len(p.finishes); n > 0 {
		c.ief = p.finishes[n-1]
	}
	c.ief.pending++
	c.state = xRunnable
	x.graph.Spawn(parent, child, future, event.Site(site))
}

// YieldToChild runs the child just spawned by the running task cur, in
// depth-first order: cur waits, runnable, until it is scheduled again.
func (x *Explorer) YieldToChild(cur, child event.Task) {
	x.task(cur).state = xRunnable
	x.runq = append(x.runq, cur)
	x.switchTo(cur, child)
}

// Begin blocks the goroutine of task t until t is scheduled.
func (x *Explorer) Begin(t event.Task) {
	<-x.task(t).wake
}

// switchTo hands the processor from the running task cur to next and, when
// they differ, blocks cur until it is scheduled again. cur may be 0 (the
// goroutine of an ended task, which returns).
func (x *Explorer) switchTo(cur, next event.Task) {
	if next == cur {
		x.task(cur).state = xRunning
		x.activate(cur)
		return
	}
	x.task(next).state = xRunning
	x.activate(next)
	x.task(next).wake <- struct{}{}
	if cur != 0 {
		<-x.task(cur).wake
		x.activate(cur)
	}
}

// activate makes t the running task for the hooks and the graph.
func (x *Explorer) activate(t event.Task) {
	x.host.Switch(t)
	x.graph.Switch(t)
}

// next chooses the task to run now, or returns 0 when none can run: every
// live task is blocked (a deadlock), or none is live.
func (x *Explorer) next() event.Task {
	if n := len(x.runq); n > 0 {
		t := x.runq[n-1]
		x.runq = x.runq[:n-1]
		return t
	}
	if len(x.isoq) == 0 {
		return 0
	}
	opts := slices.Clone(x.isoq)
	slices.Sort(opts)
	chosen := opts[0]
	k := len(x.choices)
	if len(opts) > 1 {
		if k < len(x.prefix) {
			chosen = x.prefix[k]
			if !slices.Contains(opts, chosen) {
				x.host.Fatalf("the schedule %s does not apply to this run: at choice %d the waiting tasks are %v",
					FormatSchedule(x.prefix), k+1, opts)
			}
		}
		x.choices = append(x.choices, Choice{Options: opts, Chosen: chosen})
	}
	x.isoq = slices.DeleteFunc(x.isoq, func(t event.Task) bool { return t == chosen })
	ch := -1
	if len(opts) > 1 {
		ch = k
	}
	var commute uint8
	if x.commute {
		commute = sites.Lookup(x.task(chosen).waitSite).Commute
	}
	x.sections = append(x.sections, section{task: chosen, choice: ch, commute: commute})
	x.inIso = len(x.sections) - 1
	return chosen
}

// block makes the running task cur wait (its state already set) and runs
// another task; it returns when cur is scheduled again.
func (x *Explorer) block(cur event.Task) {
	n := x.next()
	if n == 0 {
		x.reportDeadlock()
		return
	}
	x.switchTo(cur, n)
}

// FinishBegin opens a finish scope, at site, in the running task cur.
func (x *Explorer) FinishBegin(cur event.Task, site uint32) {
	ct := x.task(cur)
	ct.finishes = append(ct.finishes, &xfinish{owner: cur, site: site})
	x.graph.FinishBegin(cur, event.Site(site))
}

// FinishEnd waits until every task the innermost finish of cur joins has
// ended.
func (x *Explorer) FinishEnd(cur event.Task) {
	ct := x.task(cur)
	f := ct.finishes[len(ct.finishes)-1]
	if f.pending > 0 {
		ct.state = xWaitFinish
		ct.waitSite = f.site
		x.block(cur)
	}
	ct.finishes = ct.finishes[:len(ct.finishes)-1]
	x.graph.FinishEnd(cur)
}

// Get waits until the future f has ended.
func (x *Explorer) Get(cur, f event.Task, site uint32) {
	ft := x.task(f)
	if ft.state != xEnded {
		ct := x.task(cur)
		ct.state = xWaitGet
		ct.waitSite = site
		ct.waitFor = f
		ft.getters = append(ft.getters, cur)
		x.block(cur)
	}
	x.graph.Get(cur, f, event.Site(site))
}

// End records that task t's body returned and runs another task. The
// goroutine of t then returns.
func (x *Explorer) End(t event.Task) {
	tt := x.task(t)
	x.graph.End(t)
	tt.state = xEnded
	for _, g := range tt.getters {
		x.wake(g)
	}
	tt.getters = nil
	if f := tt.ief; f != nil {
		f.pending--
		// The owner may wait at the end of another finish, nested in f
		// (an Async before a Finish, joined by Run's implicit finish):
		// only the end of its innermost finish wakes it.
		if ot := x.task(f.owner); f.pending == 0 && ot.state == xWaitFinish && ot.finishes[len(ot.finishes)-1] == f {
			x.wake(f.owner)
		}
	}
	n := x.next()
	if n == 0 {
		x.reportDeadlock()
		return
	}
	x.switchTo(0, n)
}

// wake makes a blocked task runnable.
func (x *Explorer) wake(t event.Task) {
	tt := x.task(t)
	tt.state = xRunnable
	x.runq = append(x.runq, t)
}

// IsolatedBegin is a choice point: cur waits until every other task is
// stuck, and the schedule picks the task whose isolated section runs next.
func (x *Explorer) IsolatedBegin(cur event.Task, site uint32) {
	ct := x.task(cur)
	ct.isolated++
	if ct.isolated == 1 {
		ct.state = xIsoWait
		ct.waitSite = site
		x.isoq = append(x.isoq, cur)
		x.block(cur)
	}
	x.graph.IsolatedBegin(cur, event.Site(site))
	if ct.isolated == 1 && x.inIso >= 0 {
		x.sections[x.inIso].step = x.graph.CurrentStep(cur)
	}
}

// IsolatedEnd closes the innermost Isolated body of cur; at the end of
// the outermost, the section is ordered after the earlier sections it
// conflicts with.
func (x *Explorer) IsolatedEnd(cur event.Task) {
	ct := x.task(cur)
	ct.isolated--
	if ct.isolated == 0 && x.inIso >= 0 {
		x.orderSection(x.inIso)
		x.inIso = -1
	}
	x.graph.IsolatedEnd(cur)
}

// orderSection adds to the graph an edge from every earlier isolated
// section of the Run that conflicts with section i (as conflict defines
// it) to section i. Unlike the thesis's "last" edge, which chains every
// isolated section to the one before, only conflicting sections are
// ordered: the orders of non-conflicting sections are all equivalent for
// the program (the same values are read), and each of them is a schedule,
// so a pair of accesses is a race in one of them exactly when it is
// unordered in the graph that orders conflicting sections only. One
// explored schedule thus stands for all the schedules that differ from it
// by swapping non-conflicting sections, which is what the partial-order
// reduction (backtrack) does not explore.
func (x *Explorer) orderSection(i int) {
	s := &x.sections[i]
	from := map[int]bool{}
	edge := func(j int) {
		if j != i {
			from[j] = true
		}
	}
	for _, sp := range s.reads {
		x.isoLog.Add(i, s.commute, sp.addr, sp.size, false, edge)
	}
	for _, sp := range s.writes {
		x.isoLog.Add(i, s.commute, sp.addr, sp.size, true, edge)
	}
	for j := range from {
		x.graph.OrderIsolated(x.sections[j].step, s.step)
	}
}

// Access records an access in the graph and in the running isolated
// section's read/write sets.
func (x *Explorer) Access(t event.Task, addr, size uintptr, write bool, site uint32) {
	x.graph.Access(t, addr, size, write, event.Site(site))
	if x.inIso >= 0 && x.task(t).isolated > 0 {
		s := &x.sections[x.inIso]
		if write {
			s.writes = append(s.writes, span{addr, size})
		} else {
			s.reads = append(s.reads, span{addr, size})
		}
	}
}

// RunEnd checks the Run's graph and keeps its races.
func (x *Explorer) RunEnd(root event.Task) {
	x.FinishEnd(root)
	x.graph.End(root)
	x.task(root).state = xEnded
	if err := x.graph.Err(); err != nil {
		x.host.Fatalf("internal error: computation graph of an explored schedule: %v", err)
	}
	x.graphs = append(x.graphs, graphPrint(x.graph))
	sched := x.schedule()
	type sitePair struct{ prev, cur event.Site }
	seen := map[sitePair]bool{}
	for _, r := range x.graph.Races() {
		ra := r.Race
		key := sitePair{ra.Prev.Site, ra.Cur.Site}
		if seen[key] {
			continue
		}
		seen[key] = true
		rep := x.host.Report(ra)
		rep.Reason += " (in the order of the isolated sections given below)"
		x.results = append(x.results, Result{Report: rep, Schedule: sched})
		if x.replay {
			x.host.Emit(rep, sched)
		}
	}
}

// reportDeadlock describes the blocked tasks and ends the process.
func (x *Explorer) reportDeadlock() {
	d := &report.Deadlock{Schedule: x.schedule()}
	for id, t := range x.tasks {
		if t == nil || t.state == xEnded || t.state == xRunnable || t.state == xRunning {
			continue
		}
		waits := map[int]string{xWaitFinish: "finish", xWaitGet: "get", xIsoWait: "isolated"}[t.state]
		si := sites.Lookup(t.waitSite)
		d.Blocked = append(d.Blocked, report.Blocked{
			Task: uint32(id), Waits: waits, File: si.File, Line: si.Line, Col: si.Col,
			Spawns: x.host.SpawnChain(event.Task(id)),
		})
	}
	x.deadlock = d
	x.host.Deadlock(d)
}

// backtrack computes, for every choice point, the other options that can
// lead to a different graph: a later section of another task that conflicts
// with the section chosen there (a common byte, one of them writing) must
// also be tried first. When that task was not waiting at the choice point,
// every option is tried, as dynamic partial-order reduction does when it
// cannot tell which choice enables the conflicting task.
//
// The options are added in the order of the later sections that call for
// them, as a scan of every later section would add them, but without
// comparing every pair of sections (which made a run of n sections cost
// n² and a run of a prime counter's 26,000 sections seconds): a sweep from
// the last section back keeps, for every byte, the nearest later section
// of each task that reads it, writes it, or updates it commutatively (by
// class), so the later sections that conflict with section i are read off
// the bytes i touched, nearest first per task (see conflict for the rule).
func (x *Explorer) backtrack() {
	later := map[uintptr]*laterUse{}
	use := func(a uintptr) *laterUse {
		u := later[a]
		if u == nil {
			u = &laterUse{}
			later[a] = u
		}
		return u
	}
	first := map[event.Task]int{} // task -> its nearest later section conflicting with i
	note := func(m map[event.Task]int, self event.Task) {
		for t, j := range m {
			if t == self {
				continue
			}
			if k, ok := first[t]; !ok || j < k {
				first[t] = j
			}
		}
	}
	var found []taskAt
	for i := len(x.sections) - 1; i >= 0; i-- {
		si := &x.sections[i]
		if si.choice >= 0 {
			clear(first)
			for _, sp := range si.reads {
				for a := sp.addr; a < sp.addr+sp.size; a++ {
					if u := later[a]; u != nil {
						u.conflicts(si.commute, false, si.task, note)
					}
				}
			}
			for _, sp := range si.writes {
				for a := sp.addr; a < sp.addr+sp.size; a++ {
					if u := later[a]; u != nil {
						u.conflicts(si.commute, true, si.task, note)
					}
				}
			}
			found = found[:0]
			for t, j := range first {
				found = append(found, taskAt{t, j})
			}
			slices.SortFunc(found, func(a, b taskAt) int { return a.at - b.at })
			c := &x.choices[si.choice]
			for _, f := range found {
				if slices.Contains(c.Options, f.task) {
					addTask(&c.Backtrack, f.task, c.Chosen)
				} else {
					for _, o := range c.Options {
						addTask(&c.Backtrack, o, c.Chosen)
					}
				}
			}
		}
		for _, sp := range si.reads {
			for a := sp.addr; a < sp.addr+sp.size; a++ {
				use(a).add(si.commute, false, si.task, i)
			}
		}
		for _, sp := range si.writes {
			for a := sp.addr; a < sp.addr+sp.size; a++ {
				use(a).add(si.commute, true, si.task, i)
			}
		}
	}
}

type taskAt struct {
	task event.Task
	at   int
}

// laterUse is, for one byte, the nearest section after the one backtrack
// looks at of each task that read it plainly, wrote it plainly, or updated
// it commutatively (by class).
type laterUse struct {
	r, w map[event.Task]int
	c    map[uint8]map[event.Task]int
}

// add records that section j of task t accessed the byte: a commutative
// section (class != 0) counts as updating it, whatever write says.
func (u *laterUse) add(class uint8, write bool, t event.Task, j int) {
	set := func(m *map[event.Task]int) {
		if *m == nil {
			*m = map[event.Task]int{}
		}
		(*m)[t] = j
	}
	switch {
	case class != 0:
		if u.c == nil {
			u.c = map[uint8]map[event.Task]int{}
		}
		m := u.c[class]
		set(&m)
		u.c[class] = m
	case write:
		set(&u.w)
	default:
		set(&u.r)
	}
}

// conflicts calls note with the later sections that conflict with an
// access of the byte by a section of class class (0: plain) that writes
// it or not (conflict's rule, byte by byte): against a commutative
// section of another class or a plain one, a commutative access counts
// as a write; two of one class never conflict.
func (u *laterUse) conflicts(class uint8, write bool, self event.Task, note func(map[event.Task]int, event.Task)) {
	if class != 0 {
		write = true
	}
	if write {
		note(u.r, self)
	}
	note(u.w, self)
	for k, m := range u.c {
		if class == 0 || k != class {
			note(m, self)
		}
	}
}

func addTask(set *[]event.Task, t, chosen event.Task) {
	if t != chosen && !slices.Contains(*set, t) {
		*set = append(*set, t)
	}
}

// conflict reports whether two sections touch a common byte and one of them
// writes it. Two commutative updates of one class (SiteInfo.Commute) never
// conflict: either order leaves the same memory and nothing else depends on
// it. Against any other section, a commutative update counts as writing
// every byte it accesses, reads included, as isoLog.add records it: the
// isolated edges orderSection adds and the orders backtrack tries must
// follow one rule, or an edge that isoLog adds between two sections would
// order accesses in a schedule whose other order is never run.
func conflict(a, b *section) bool {
	if a.commute != 0 && a.commute == b.commute {
		return false
	}
	aw, bw := a.writes, b.writes
	if a.commute != 0 {
		aw = append(slices.Clip(aw), a.reads...)
	}
	if b.commute != 0 {
		bw = append(slices.Clip(bw), b.reads...)
	}
	return overlaps(aw, bw) || overlaps(aw, b.reads) || overlaps(a.reads, bw)
}

func overlaps(a, b []span) bool {
	for _, x := range a {
		for _, y := range b {
			if x.addr < y.addr+y.size && y.addr < x.addr+x.size {
				return true
			}
		}
	}
	return false
}

// InIsolated reports whether task t is inside an Isolated body.
func (x *Explorer) InIsolated(t event.Task) bool { return x.task(t).isolated > 0 }

// Ended reports whether the body of task t has returned.
func (x *Explorer) Ended(t event.Task) bool { return x.task(t).state == xEnded }
