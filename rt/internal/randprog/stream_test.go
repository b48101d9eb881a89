package randprog

import (
	"fmt"

	"github.com/tpinstr/tpinstr/rt/internal/event"
)

// checker is an event.Sink that verifies the rules every stream of a serial
// depth-first execution obeys, recording the first violation.
type checker struct {
	err      error
	running  []event.Task // stack of running tasks: the top runs
	next     event.Task   // the id the next spawned task must have
	ended    map[event.Task]bool
	future   map[event.Task]bool
	parent   map[event.Task]event.Task
	finishes map[event.Task]int
	isolated map[event.Task]int
	events   int
	// Gets counted by kind, to show that programs stress non-tree joins.
	treeGets, nonTreeGets int
	accesses              []access
}

type access struct {
	addr, size uintptr
}

func newChecker() *checker {
	return &checker{next: 1, ended: map[event.Task]bool{}, future: map[event.Task]bool{},
		parent: map[event.Task]event.Task{}, finishes: map[event.Task]int{}, isolated: map[event.Task]int{}}
}

func (c *checker) failf(format string, args ...any) {
	if c.err == nil {
		c.err = fmt.Errorf("event %d: %s", c.events, fmt.Sprintf(format, args...))
	}
}

func (c *checker) top() event.Task {
	if len(c.running) == 0 {
		return 0
	}
	return c.running[len(c.running)-1]
}

func (c *checker) by(t event.Task, what string) {
	c.events++
	if t != c.top() || t == 0 {
		c.failf("%s by task %d while task %d runs", what, t, c.top())
	}
}

func (c *checker) ancestor(a, t event.Task) bool {
	for ; t != 0; t = c.parent[t] {
		if t == a {
			return true
		}
	}
	return false
}

func (c *checker) Spawn(parent, child event.Task, future bool, site event.Site) {
	if parent == 0 {
		c.events++
		if c.events != 1 || child != 1 {
			c.failf("root spawn of task %d is not the first event", child)
		}
	} else {
		c.by(parent, "spawn")
		if c.isolated[parent] > 0 {
			c.failf("spawn inside isolated")
		}
	}
	if child != c.next {
		c.failf("spawned task %d, want id %d", child, c.next)
	}
	c.next++
	c.parent[child] = parent
	c.future[child] = future
	c.running = append(c.running, child)
}

func (c *checker) End(t event.Task) {
	c.by(t, "end")
	if c.finishes[t] != 0 || c.isolated[t] != 0 {
		c.failf("task %d ends with open finish or isolated", t)
	}
	c.ended[t] = true
	c.running = c.running[:len(c.running)-1]
}

func (c *checker) FinishBegin(t event.Task, site event.Site) {
	c.by(t, "finish begin")
	if c.isolated[t] > 0 {
		c.failf("finish inside isolated")
	}
	c.finishes[t]++
}

func (c *checker) FinishEnd(t event.Task) {
	c.by(t, "finish end")
	if c.finishes[t] == 0 {
		c.failf("finish end without begin")
	}
	c.finishes[t]--
}

func (c *checker) Get(t, f event.Task, site event.Site) {
	c.by(t, "get")
	switch {
	case !c.future[f]:
		c.failf("get of task %d, not a future", f)
	case !c.ended[f]:
		c.failf("get of future %d before it ended", f)
	case c.ancestor(f, t):
		c.failf("get of future %d by its descendant %d", f, t)
	case c.isolated[t] > 0:
		c.failf("get inside isolated")
	}
	if c.ancestor(t, f) {
		c.treeGets++
	} else {
		c.nonTreeGets++
	}
}

func (c *checker) IsolatedBegin(t event.Task, site event.Site) {
	c.by(t, "isolated begin")
	c.isolated[t]++
}

func (c *checker) IsolatedEnd(t event.Task) {
	c.by(t, "isolated end")
	if c.isolated[t] == 0 {
		c.failf("isolated end without begin")
	}
	c.isolated[t]--
}

func (c *checker) Access(t event.Task, addr, size uintptr, write bool, site event.Site) {
	c.by(t, "access")
	c.accesses = append(c.accesses, access{addr, size})
}

// finish checks the state at the end of the stream.
func (c *checker) finish() error {
	if c.err == nil && (len(c.running) != 0 || !c.ended[1]) {
		c.failf("stream ends with tasks %v still running", c.running)
	}
	return c.err
}
