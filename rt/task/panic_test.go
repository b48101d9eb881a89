package task

import (
	"errors"
	"fmt"
	"runtime"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
)

var errBoom = errors.New("boom")

// TestPanicsReachTheJoin runs programs whose tasks panic and checks, at Run,
// that every panic value arrived (none lost, a future's panic counted once
// even when it also reached the join through a Get), that the stack of the
// panic names the function that panicked, and that every task that did not
// panic had ended by then.
func TestPanicsReachTheJoin(t *testing.T) {
	tests := []struct {
		name  string
		run   func(t *T, work func(t *T)) // work is the body of tasks that end normally
		works int64                       // how many work tasks run
		want  []any                       // the panic values, in any order
	}{
		{"async child", func(t *T, work func(*T)) {
			t.Async(work)
			t.Async(func(*T) { explode("child") })
			t.Async(work)
		}, 2, []any{"child"}},
		{"grandchild without finish", func(t *T, work func(*T)) {
			t.Async(func(t *T) {
				t.Async(func(t *T) { t.Async(work); explode("grandchild") })
				t.Async(work)
			})
		}, 2, []any{"grandchild"}},
		{"finish body after spawning", func(t *T, work func(*T)) {
			for range 5 {
				t.Async(work)
			}
			explode("body")
		}, 5, []any{"body"}},
		{"nested finish, not recaught", func(t *T, work func(*T)) {
			t.Finish(func(t *T) {
				t.Async(work)
				t.Async(func(*T) { explode("inner") })
			})
		}, 1, []any{"inner"}},
		{"future never got", func(t *T, work func(*T)) {
			NewFuture(t, func(t *T) int { t.Async(work); explode("future"); return 0 })
		}, 1, []any{"future"}},
		{"future got and not recovered", func(t *T, work func(*T)) {
			f := NewFuture(t, func(*T) int { explode("future"); return 0 })
			t.Async(work)
			t.Async(func(*T) { f.Get() })
			f.Get()
		}, 1, []any{"future"}},
		{"several children", func(t *T, work func(*T)) {
			for i := range 5 {
				t.Async(func(*T) { explode(i) })
				t.Async(work)
			}
		}, 5, []any{0, 1, 2, 3, 4}},
		{"forall iterations", func(t *T, work func(*T)) {
			t.ForAll(0, 100, func(t *T, i int) {
				if i%25 == 3 {
					explode(i)
				}
				work(t)
			})
		}, 96, []any{3, 28, 53, 78}},
		{"forasync iterations", func(t *T, work func(*T)) {
			t.ForAsync(0, 50, func(t *T, i int) {
				if i == 0 || i == 49 {
					explode(i)
				}
				work(t)
			})
		}, 48, []any{0, 49}},
		{"body and children", func(t *T, work func(*T)) {
			t.Async(func(*T) { explode("child") })
			t.Async(work)
			explode("body")
		}, 1, []any{"child", "body"}},
		{"error value", func(t *T, work func(*T)) {
			t.Async(work)
			t.Async(func(*T) { explode(fmt.Errorf("wrapped: %w", errBoom)) })
		}, 1, []any{"wrapped: boom"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var works atomic.Int64
			work := func(*T) { spin(); works.Add(1) }
			var endedAtPanic int64
			pe := catchPanicError(t, func() {
				defer func() { endedAtPanic = works.Load() }()
				Run(func(tk *T) { tt.run(tk, work) })
			})
			var got []string
			for _, v := range panicValues(pe) {
				got = append(got, fmt.Sprint(v))
			}
			var want []string
			for _, v := range tt.want {
				want = append(want, fmt.Sprint(v))
			}
			slices.Sort(got)
			slices.Sort(want)
			if !slices.Equal(got, want) {
				t.Errorf("panic values %q, want %q", got, want)
			}
			if endedAtPanic != tt.works {
				t.Errorf("%d of %d other tasks had ended when the panic reached Run", endedAtPanic, tt.works)
			}
			for _, p := range append([]*PanicError{pe}, pe.Others...) {
				if !strings.Contains(string(p.Stack), "task.explode(") {
					t.Errorf("stack of panic %v does not show where it happened:\n%s", p.Value, p.Stack)
				}
			}
			if !strings.Contains(pe.Error(), fmt.Sprint(pe.Value)) {
				t.Errorf("Error() = %q does not show the value %v", pe.Error(), pe.Value)
			}
		})
	}
}

// TestPanicErrorUnwrap checks that errors.Is and errors.As see the error
// values of every panic of a join.
func TestPanicErrorUnwrap(t *testing.T) {
	errOther := errors.New("other")
	pe := catchPanicError(t, func() {
		Run(func(t *T) {
			t.Async(func(*T) { explode(fmt.Errorf("first: %w", errBoom)) })
			t.Async(func(*T) { explode(errOther) })
			t.Async(func(*T) { explode("not an error") })
		})
	})
	for _, target := range []error{errBoom, errOther} {
		if !errors.Is(pe, target) {
			t.Errorf("errors.Is(%v, %v) = false", pe.Value, target)
		}
	}
	var rerr runtime.Error
	if errors.As(pe, &rerr) {
		t.Errorf("errors.As found a runtime.Error %v where none panicked", rerr)
	}
}

// TestGetRaisesTheFuturePanic checks that every Get of a future whose body
// panicked raises the same *PanicError, which carries the original value and
// stack, and that the future's IEF reports it too.
func TestGetRaisesTheFuturePanic(t *testing.T) {
	var got []*PanicError
	atIEF := catchPanicError(t, func() {
		Run(func(t *T) {
			f := NewFuture(t, func(*T) int { explode(errBoom); return 0 })
			for range 3 {
				if pe, ok := catch(func() { f.Get() }).(*PanicError); ok {
					got = append(got, pe)
				}
			}
		})
	})
	if len(got) != 3 {
		t.Fatalf("%d of 3 Gets panicked with a *PanicError", len(got))
	}
	for _, pe := range got {
		if pe != got[0] {
			t.Errorf("Gets raised different PanicErrors %p and %p", pe, got[0])
		}
	}
	if got[0].Value != errBoom || !strings.Contains(string(got[0].Stack), "task.explode(") {
		t.Errorf("Get raised value %v with stack\n%s\nwant %v raised in explode", got[0].Value, got[0].Stack, errBoom)
	}
	if atIEF != got[0] {
		t.Errorf("the IEF raised %v, want the future's PanicError", atIEF)
	}
}

// TestPanicInRecoveredJoin checks that a task may recover the PanicError of
// a Finish inside it and go on: nothing reaches Run.
func TestPanicInRecoveredJoin(t *testing.T) {
	var recovered any
	v := catch(func() {
		Run(func(t *T) {
			recovered = catch(func() {
				t.Finish(func(t *T) { t.Async(func(*T) { explode("inner") }) })
			})
			t.Async(func(*T) {})
		})
	})
	if v != nil {
		t.Errorf("Run panicked with %v after the panic was recovered", v)
	}
	if pe, ok := recovered.(*PanicError); !ok || pe.Value != "inner" {
		t.Errorf("the Finish raised %#v, want a *PanicError of %q", recovered, "inner")
	}
}

// TestPanicNil checks that panic(nil) in a task reaches Run as the runtime's
// *runtime.PanicNilError, not as a lost panic.
func TestPanicNil(t *testing.T) {
	pe := catchPanicError(t, func() {
		Run(func(t *T) { t.Async(func(*T) { panic(nil) }) })
	})
	if _, ok := pe.Value.(*runtime.PanicNilError); !ok {
		t.Errorf("panic value %#v, want a *runtime.PanicNilError", pe.Value)
	}
}
