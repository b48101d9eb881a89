// Package event defines the stream of task and memory events that a checked
// execution produces, in serial depth-first order, and that both the fast
// detector (rt/internal/detect) and the computation-graph oracle
// (rt/internal/cgraph) consume. Keeping one vocabulary lets tests feed the
// same run to both and compare their verdicts.
package event

// Task identifies a dynamic task instance. Ids are dense and start at 1 (the
// root task); 0 means "no task".
type Task uint32

// Site is an index into the table of source positions registered by
// rewritten packages (see package rt). 0 means "unknown".
type Site uint32

// Sink consumes the events of one checked execution. Events arrive in the
// serial depth-first order of the execution: after Spawn(p, c, …) every event
// up to End(c) belongs to c or its descendants.
type Sink interface {
	// Spawn records that parent creates child (an async task, or a future
	// task when future is true) at site. The child runs next.
	Spawn(parent, child Task, future bool, site Site)
	// End records that t's body returned. Control goes back to t's parent.
	End(t Task)
	// FinishBegin records that t opens a finish scope at site.
	FinishBegin(t Task, site Site)
	// FinishEnd records that t's innermost open finish scope has joined every
	// task spawned inside it, transitively.
	FinishEnd(t Task)
	// Get records that t waited for future task f at site (f has ended).
	Get(t, f Task, site Site)
	// IsolatedBegin and IsolatedEnd bracket an Isolated body run by t.
	// They nest.
	IsolatedBegin(t Task, site Site)
	IsolatedEnd(t Task)
	// Access records that t read (write=false) or wrote size bytes at addr.
	Access(t Task, addr, size uintptr, write bool, site Site)
}

// Access describes one memory access in a race.
type Access struct {
	Task     Task
	Site     Site
	Write    bool
	Isolated bool
}

// Race is a pair of conflicting accesses to the byte at Addr that may happen
// in parallel: Prev was made earlier in the serial execution than Cur.
type Race struct {
	Addr      uintptr
	Prev, Cur Access
}

// Tee forwards every event to each of its sinks, in order.
type Tee []Sink

// Spawn implements Sink.
func (t Tee) Spawn(parent, child Task, future bool, site Site) {
	for _, s := range t {
		s.Spawn(parent, child, future, site)
	}
}

// End implements Sink.
func (t Tee) End(x Task) {
	for _, s := range t {
		s.End(x)
	}
}

// FinishBegin implements Sink.
func (t Tee) FinishBegin(x Task, site Site) {
	for _, s := range t {
		s.FinishBegin(x, site)
	}
}

// FinishEnd implements Sink.
func (t Tee) FinishEnd(x Task) {
	for _, s := range t {
		s.FinishEnd(x)
	}
}

// Get implements Sink.
func (t Tee) Get(x, f Task, site Site) {
	for _, s := range t {
		s.Get(x, f, site)
	}
}

// IsolatedBegin implements Sink.
func (t Tee) IsolatedBegin(x Task, site Site) {
	for _, s := range t {
		s.IsolatedBegin(x, site)
	}
}

// IsolatedEnd implements Sink.
func (t Tee) IsolatedEnd(x Task) {
	for _, s := range t {
		s.IsolatedEnd(x)
	}
}

// Access implements Sink.
func (t Tee) Access(x Task, addr, size uintptr, write bool, site Site) {
	for _, s := range t {
		s.Access(x, addr, size, write, site)
	}
}
