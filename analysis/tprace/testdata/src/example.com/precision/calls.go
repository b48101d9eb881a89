package precision

import "github.com/tpinstr/tpinstr/rt/task"

var served int

type request struct{ n int }

type handler func(r request, out *int)

func count(r request, out *int) {
	served++
	*out = r.n
}

func double(r request, out *int) { *out = 2 * r.n }

var routes = map[string]handler{"count": count, "double": double}

func dispatch(t *task.T, kinds []string, outs []int) {
	t.Finish(func(t *task.T) {
		for i, k := range kinds {
			h := routes[k]
			t.Async(func(t *task.T) { h(request{i}, &outs[i]) }) // want `possible determinacy race on precision.served: the write of precision.served at calls.go:\d+:\d+ \(in count at calls.go:12:2\) may run in parallel with itself`
		}
	})
}

var doubles = map[string]handler{"double": double}

type stats struct{ n int }

func (s *stats) add(v int) { s.n += v } // want add:`effects=2`

type sensor struct{ report func(int) }

func (s sensor) poll(v int) { s.report(v) } // want poll:`effects=2`

func methodValueInField(t *task.T) {
	st := &stats{}
	ss := []sensor{{st.add}, {st.add}}
	t.ForAll(0, len(ss), func(t *task.T, i int) {
		ss[i].poll(i) // want `possible determinacy race on precision.\*stats\(receiver\): the write of precision.\*stats\(receiver\).n at calls.go:\d+:\d+ \(in add at calls.go:\d+:\d+\) may run in parallel with itself`
	})
}

type worker struct{ sum int }

func (w *worker) run(t *task.T) { w.sum++ } // want run:`effects=2`

func methodValueBody(t *task.T, ws []*worker) {
	t.Finish(func(t *task.T) {
		for _, w := range ws {
			t.Async(w.run) // each its own worker: no report
		}
	})
}

type adder interface{ Add(int) }

type counter struct{ total int }

func (c *counter) Add(v int) { c.total += v } // want Add:`effects=2`

type named struct {
	*counter
	name string
}

var global counter

type globalAdder struct{}

func (globalAdder) Add(v int) { global.total += v } // want Add:`effects=2`

func viaInterface(t *task.T, as []adder) {
	t.ForAll(0, len(as), func(t *task.T, i int) {
		as[i].Add(i) // want `possible determinacy race on precision.global: the write of precision.global.total at calls.go:\d+:\d+ \(in Add at calls.go:\d+:\d+\)`
	})
}

// Generic instantiations share the origin's summary.
func apply[T any](t *task.T, xs []T, f func(T) T) {
	t.ForAll(0, len(xs), func(t *task.T, i int) {
		xs[i] = f(xs[i]) // no report
	})
}

func applyBoth(t *task.T) {
	apply(t, []int{1, 2}, func(x int) int { return x + 1 })
	apply(t, []string{"a"}, func(x string) string { return x + x })
}

var _ = named{}

type ledger struct{ balance int }

func (l *ledger) deposit(v int) { l.balance += v } // want deposit:`effects=2`

type account struct {
	ledger
	owner string
}

type sharedAccount struct {
	*ledger
	owner string
}

// A promoted method of an embedded value writes the embedded field.
func promotedValue(t *task.T) int {
	var a account
	t.Async(func(t *task.T) { a.deposit(1) }) // want `possible determinacy race on a`
	return a.ledger.balance
}

func promotedValueJoined(t *task.T) int {
	var a account
	t.Finish(func(t *task.T) {
		t.Async(func(t *task.T) { a.deposit(1) })
	})
	return a.ledger.balance // no report
}

func promotedPointer(t *task.T, a sharedAccount) {
	t.ForAll(0, 4, func(t *task.T, i int) {
		a.deposit(i) // want `possible determinacy race on a`
	})
}

func promotedOtherField(t *task.T) string {
	var a account
	t.Async(func(t *task.T) { a.deposit(1) })
	return a.owner // another field: no report
}

// Task-library operations called through a variable holding a method value
// or a method expression are the operations themselves.
func spawnValueRace(t *task.T, xs []int) int {
	total := 0
	t.Finish(func(t *task.T) {
		spawn := t.Async
		for _, x := range xs {
			spawn(func(t *task.T) { total += x }) // want `possible determinacy race on total: the write of total at calls.go:\d+:\d+ may run in parallel with itself`
		}
	})
	return total
}

func spawnValueSlots(t *task.T, xs []int) []int {
	out := make([]int, len(xs))
	t.Finish(func(t *task.T) {
		spawn := t.Async
		for i, x := range xs {
			spawn(func(t *task.T) { out[i] = 2 * x }) // each its own slot: no report
		}
	})
	return out
}

func finishValueJoins(t *task.T) int {
	n := 0
	finish := t.Finish
	finish(func(t *task.T) {
		t.Async(func(t *task.T) { n++ })
	})
	return n // joined by the Finish called through the value: no report
}

func asyncExprRace(t *task.T) int {
	n := 0
	async := (*task.T).Async
	async(t, func(t *task.T) { n++ }) // want `possible determinacy race on n`
	return n
}

func forAllValue(t *task.T, xs []int) {
	forAll := t.ForAll
	forAll(0, len(xs), func(t *task.T, i int) {
		xs[i]++ // no report
	})
}

func forAllValueNeighbour(t *task.T, xs []int) {
	forAll := t.ForAll
	forAll(0, len(xs)-1, func(t *task.T, i int) {
		xs[i+1] = xs[i] // want `possible determinacy race on xs`
	})
}

// Function literals stored in fields and called through them from another
// function: what they capture is one pseudo variable per captured
// variable.
type route struct{ handle func(int) int }

type router struct{ routes []route }

func (r *router) add(h func(int) int) { r.routes = append(r.routes, route{h}) } // want add:`effects=3`

func (r *router) serve(v int) int { // want serve:`effects=4`
	s := 0
	for _, rt := range r.routes {
		s += rt.handle(v)
	}
	return s
}

func serveAll(t *task.T, r *router, xs []int) []int {
	out := make([]int, len(xs))
	t.ForAll(0, len(xs), func(t *task.T, i int) {
		out[i] = r.serve(xs[i]) // want `possible determinacy race on precision.hits \(captured in closureFieldCounts\): the write of precision.hits \(captured in closureFieldCounts\) at calls.go:\d+:\d+ \(in serve at calls.go:\d+:\d+\) may run in parallel with itself`
	})
	return out
}

func closureFieldCounts(t *task.T) int {
	hits := 0
	r := &router{}
	r.add(func(v int) int {
		hits++
		return v
	})
	serveAll(t, r, []int{1, 2, 3})
	return hits
}

type scaleFunc func(float64) float64

type scaler struct{ steps []scaleFunc }

func (s *scaler) apply(v float64) float64 { // want apply:`effects=4`
	for _, f := range s.steps {
		v = f(v)
	}
	return v
}

func scaleAll(t *task.T, s *scaler, xs []float64) {
	t.ForAll(0, len(xs), func(t *task.T, i int) {
		xs[i] = s.apply(xs[i]) // the stored literals only read what they capture: no report
	})
}

func closureFieldReads(t *task.T, xs []float64) {
	factor, offset := 2.0, 1.0
	s := &scaler{}
	s.steps = append(s.steps, func(v float64) float64 { return v * factor })
	s.steps = append(s.steps, func(v float64) float64 {
		w := v + offset // a local of the literal: fresh at each call
		w++
		return w
	})
	scaleAll(t, s, xs)
}
