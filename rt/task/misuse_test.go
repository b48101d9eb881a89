package task

import "testing"

// ops are the calls of the handle that spawn or join tasks, each with a body
// that does nothing.
var ops = []struct {
	name string
	call func(t *T)
}{
	{"Async", func(t *T) { t.Async(func(*T) {}) }},
	{"NewFuture", func(t *T) { NewFuture(t, func(*T) int { return 0 }) }},
	{"Finish", func(t *T) { t.Finish(func(*T) {}) }},
	{"ForAll", func(t *T) { t.ForAll(0, 3, func(*T, int) {}) }},
	{"ForAsync", func(t *T) { t.ForAsync(0, 3, func(*T, int) {}) }},
}

// TestMisuseInsideIsolated checks that every spawn or join inside an
// Isolated body, nested or not, panics with the message that names it, and
// that the panic reaches Run.
func TestMisuseInsideIsolated(t *testing.T) {
	for _, op := range ops {
		for _, nested := range []bool{false, true} {
			pe := catchPanicError(t, func() {
				Run(func(t *T) {
					t.Isolated(func() {
						if nested {
							t.Isolated(func() { op.call(t) })
							return
						}
						op.call(t)
					})
				})
			})
			if want := misuseInIsolated(op.name); pe.Value != want {
				t.Errorf("%s (nested %v): panic %q, want %q", op.name, nested, pe.Value, want)
			}
		}
	}
}

// leakers return the handle of a task that has ended, each kind of task.
var leakers = []struct {
	name string
	leak func() *T
}{
	{"root", func() (h *T) { Run(func(t *T) { h = t }); return h }},
	{"async", func() (h *T) { Run(func(t *T) { t.Async(func(t *T) { h = t }) }); return h }},
	{"future", func() (h *T) {
		Run(func(t *T) { NewFuture(t, func(t *T) int { h = t; return 0 }).Get() })
		return h
	}},
	{"forall iteration", func() (h *T) {
		Run(func(t *T) { t.ForAll(0, 1, func(t *T, _ int) { h = t }) })
		return h
	}},
	{"forasync iteration", func() (h *T) {
		Run(func(t *T) { t.ForAsync(0, 1, func(t *T, _ int) { h = t }) })
		return h
	}},
}

// TestMisuseAfterEnd checks that every call on the handle of a task that has
// returned panics with the message that says so.
func TestMisuseAfterEnd(t *testing.T) {
	calls := append(ops[:len(ops):len(ops)], struct {
		name string
		call func(t *T)
	}{"Isolated", func(t *T) { t.Isolated(func() {}) }})
	for _, lk := range leakers {
		for _, op := range calls {
			h := lk.leak()
			if got, want := catch(func() { op.call(h) }), misuseEnded(op.name); got != want {
				t.Errorf("%s handle, %s: panic %q, want %q", lk.name, op.name, got, want)
			}
		}
	}
}

// TestMisuseNil checks the panics for a nil handle, a nil body and a nil
// future.
func TestMisuseNil(t *testing.T) {
	tests := []struct {
		name string
		call func()
		want string
	}{
		{"Run nil body", func() { Run(nil) }, misuseNilBody("Run")},
		{"Async nil handle", func() { (*T)(nil).Async(func(*T) {}) }, misuseNilHandle("Async")},
		{"Finish nil handle", func() { (*T)(nil).Finish(func(*T) {}) }, misuseNilHandle("Finish")},
		{"Isolated nil handle", func() { (*T)(nil).Isolated(func() {}) }, misuseNilHandle("Isolated")},
		{"ForAll nil handle", func() { (*T)(nil).ForAll(0, 1, func(*T, int) {}) }, misuseNilHandle("ForAll")},
		{"ForAsync nil handle", func() { (*T)(nil).ForAsync(0, 1, func(*T, int) {}) }, misuseNilHandle("ForAsync")},
		{"NewFuture nil handle", func() { NewFuture(nil, func(*T) int { return 0 }) }, misuseNilHandle("NewFuture")},
		{"Get nil future", func() { (*Future[int])(nil).Get() }, misuseNilFuture()},
	}
	for _, tt := range tests {
		if got := catch(tt.call); got != tt.want {
			t.Errorf("%s: panic %q, want %q", tt.name, got, tt.want)
		}
	}
	nilBodies := []struct {
		name string
		call func(t *T)
	}{
		{"Async", func(t *T) { t.Async(nil) }},
		{"Finish", func(t *T) { t.Finish(nil) }},
		{"Isolated", func(t *T) { t.Isolated(nil) }},
		{"ForAll", func(t *T) { t.ForAll(0, 1, nil) }},
		{"ForAsync", func(t *T) { t.ForAsync(0, 1, nil) }},
		{"NewFuture", func(t *T) { NewFuture[int](t, nil) }},
	}
	for _, nb := range nilBodies {
		pe := catchPanicError(t, func() { Run(nb.call) })
		if want := misuseNilBody(nb.name); pe.Value != want {
			t.Errorf("%s nil body: panic %q, want %q", nb.name, pe.Value, want)
		}
	}
}
