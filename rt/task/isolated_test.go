package task

import "testing"

// TestIsolatedExcludes checks that Isolated bodies of many tasks exclude one
// another: they increment a plain counter (the race detector checks the
// ordering, the count checks that no increment was lost), in tasks spawned
// in several ways and in nested Isolated bodies.
func TestIsolatedExcludes(t *testing.T) {
	tests := []struct {
		name string
		run  func(t *T, inc func(t *T)) int
	}{
		{"forall", func(t *T, inc func(t *T)) int {
			t.ForAll(0, 1000, func(t *T, _ int) { inc(t) })
			return 1000
		}},
		{"asyncs", func(t *T, inc func(t *T)) int {
			for range 200 {
				t.Async(inc)
			}
			return 200
		}},
		{"futures", func(t *T, inc func(t *T)) int {
			for range 200 {
				NewFuture(t, func(t *T) int { inc(t); return 0 })
			}
			return 200
		}},
		{"nested isolated", func(t *T, inc func(t *T)) int {
			t.ForAll(0, 200, func(t *T, _ int) {
				t.Isolated(func() {
					inc(t)
					t.Isolated(func() { inc(t) })
				})
			})
			return 400
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			counter := 0
			var want int
			Run(func(tk *T) {
				want = tt.run(tk, func(tk *T) { tk.Isolated(func() { counter++ }) })
			})
			if counter != want {
				t.Errorf("counter = %d, want %d", counter, want)
			}
		})
	}
}

// TestIsolatedReleasedByPanic checks that a panic inside an Isolated body
// (nested or not) leaves the lock free for the next Isolated body.
func TestIsolatedReleasedByPanic(t *testing.T) {
	for _, nested := range []bool{false, true} {
		pe := catchPanicError(t, func() {
			Run(func(t *T) {
				t.Isolated(func() {
					if nested {
						t.Isolated(func() { explode("in isolated") })
					}
					explode("in isolated")
				})
			})
		})
		if pe.Value != "in isolated" {
			t.Errorf("nested=%v: panic value %v, want %q", nested, pe.Value, "in isolated")
		}
		ran := false
		Run(func(t *T) {
			t.Async(func(t *T) { t.Isolated(func() { ran = true }) })
		})
		if !ran {
			t.Errorf("nested=%v: Isolated body after the panic did not run", nested)
		}
	}
}
