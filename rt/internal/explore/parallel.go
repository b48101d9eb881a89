package explore

import "runtime"

// Exploring on every core. Both explorations (the isolated sections' here,
// the goroutines' acquisition orders' in the checker) walk a tree of
// schedules depth first with a stack of schedules still to run, and each
// child's findings decide what is pushed next: the serial walk is
//
//	pop the top schedule; run it; merge its findings; push the schedules it lists
//
// A Pool keeps that walk and its merge exactly as they are, and only runs
// children ahead of need: while the walk waits for the findings of the
// schedule it popped, the pool also starts the schedules just below it on
// the stack, up to procs children at once. A schedule's findings depend on
// the schedule alone (a child is the same program with the same input and
// the same choices), so a result computed early is the result the serial
// walk would have computed when it got there; the walk still merges the
// results one at a time, in its own order, and still stops at the same
// max_schedules count. The verdict, the reports, their order and the set
// of schedules explored are therefore those of the serial exploration; the
// only difference is that some schedules the serial walk would not reach
// (below the max_schedules limit, or a goroutine schedule found again
// before its turn) may run and be thrown away. The stack, not a queue, is
// the right place to look ahead: every schedule on it is run before the
// walk ends (unless the limit stops it), whatever its children push above
// it.

// Procs returns how many children exploration runs at once: n when it is
// positive (the explore_procs option), otherwise GOMAXPROCS.
func Procs(n int) int {
	if n > 0 {
		return n
	}
	return max(1, runtime.GOMAXPROCS(0))
}

// A Pool runs the children of an exploration, up to procs at once, and
// hands their results back in the order the exploration asks for them.
// run runs the schedule key as the seq-th child (seq is unique within the
// pool, for naming the child's findings file); it is called on goroutines
// of its own when procs > 1, so it must not touch the exploration's state.
// A Pool is used by one goroutine.
type Pool[R any] struct {
	procs   int
	run     func(key string, seq int) R
	seq     int
	running map[string]bool
	done    map[string]R
	results chan keyed[R]
}

type keyed[R any] struct {
	key string
	r   R
}

// NewPool returns a pool of procs children (at least one).
func NewPool[R any](procs int, run func(key string, seq int) R) *Pool[R] {
	procs = max(1, procs)
	return &Pool[R]{procs: procs, run: run, running: map[string]bool{}, done: map[string]R{},
		results: make(chan keyed[R], procs)}
}

// Get returns the result of the schedule key, running it if it has not
// run. While it waits, it keeps up to procs children running, starting the
// schedules of ahead in order (the next ones the exploration may ask for,
// nearest first) that have not run and are not running.
func (p *Pool[R]) Get(key string, ahead []string) R {
	if r, ok := p.done[key]; ok {
		delete(p.done, key)
		return r
	}
	if p.procs == 1 && len(p.running) == 0 {
		p.seq++
		return p.run(key, p.seq) // the serial exploration, on the caller's goroutine
	}
	for {
		if r, ok := p.done[key]; ok {
			delete(p.done, key)
			return r
		}
		if !p.running[key] && len(p.running) < p.procs {
			p.start(key)
		}
		for _, a := range ahead {
			if len(p.running) >= p.procs || !p.running[key] {
				break
			}
			if _, ok := p.done[a]; !ok && !p.running[a] {
				p.start(a)
			}
		}
		p.wait()
	}
}

func (p *Pool[R]) start(key string) {
	p.seq++
	seq := p.seq
	p.running[key] = true
	go func() { p.results <- keyed[R]{key, p.run(key, seq)} }()
}

// wait takes the result of one running child.
func (p *Pool[R]) wait() {
	k := <-p.results
	delete(p.running, k.key)
	p.done[k.key] = k.r
}

// Close waits for the children still running (run ahead of a need that did
// not come) and drops every result not asked for.
func (p *Pool[R]) Close() {
	for len(p.running) > 0 {
		p.wait()
	}
	clear(p.done)
}

// Ahead returns the schedules a depth-first exploration runs next if the
// schedule it runs now lists none: the top of its stack work (whose last
// element is the top), nearest first, skipping those skip says are not run
// (nil for none), at most n of them.
func Ahead(work []string, n int, skip func(string) bool) []string {
	var out []string
	for i := len(work) - 1; i >= 0 && len(out) < n; i-- {
		if skip == nil || !skip(work[i]) {
			out = append(out, work[i])
		}
	}
	return out
}
