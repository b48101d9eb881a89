package task

import (
	"runtime"
	"sync/atomic"
	"testing"
)

// TestStress runs about a million tasks of each kind (fewer under the race
// detector or -short, see stressScale) and checks that each ran once and was
// joined, then that no goroutine outlives the Runs.
func TestStress(t *testing.T) {
	scale := stressScale()
	if scale > 1 {
		t.Logf("sizes divided by %d (race detector or -short)", scale)
	}
	tests := []struct {
		name string
		run  func(t *T, n int, tick func()) // runs n ticking tasks
	}{
		{"async tree", func(t *T, n int, tick func()) {
			var grow func(t *T, lo, hi int)
			grow = func(t *T, lo, hi int) {
				if hi-lo == 1 {
					tick()
					return
				}
				mid := lo + (hi-lo)/2
				t.Async(func(t *T) { grow(t, lo, mid) })
				t.Async(func(t *T) { grow(t, mid, hi) })
			}
			grow(t, 0, n)
		}},
		{"flat asyncs", func(t *T, n int, tick func()) {
			for range n {
				t.Async(func(*T) { tick() })
			}
		}},
		{"forall", func(t *T, n int, tick func()) {
			t.ForAll(0, n, func(*T, int) { tick() })
		}},
		{"futures", func(t *T, n int, tick func()) {
			const width = 1000
			t.ForAll(0, n/width, func(t *T, _ int) {
				fs := make([]*Future[int], width)
				for k := range fs {
					fs[k] = NewFuture(t, func(*T) int { tick(); return k })
				}
				for k, f := range fs {
					if f.Get() != k {
						panic("wrong future value")
					}
				}
			})
		}},
	}
	before := runtime.NumGoroutine()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			n := 1_000_000 / scale
			var ticks atomic.Int64
			Run(func(tk *T) { tt.run(tk, n, func() { ticks.Add(1) }) })
			if got := ticks.Load(); got != int64(n) {
				t.Errorf("%d tasks ran, want %d", got, n)
			}
		})
	}
	settleGoroutines(t, before)
}

// TestNoGoroutineLeaks checks that the goroutine count settles back after
// Runs whose tasks panic, whose futures are never got and whose iterations
// panic.
func TestNoGoroutineLeaks(t *testing.T) {
	before := runtime.NumGoroutine()
	programs := []func(t *T){
		func(t *T) { t.ForAsync(0, 1000, func(t *T, i int) { t.Async(func(*T) { explode(i) }) }) },
		func(t *T) {
			for range 100 {
				NewFuture(t, func(*T) int { explode("f"); return 0 })
			}
		},
		func(t *T) {
			t.Finish(func(t *T) { t.ForAll(0, 1000, func(_ *T, i int) { explode(i) }) })
		},
		func(t *T) { t.Async(func(*T) {}); explode("root") },
	}
	for k, p := range programs {
		if _, ok := catch(func() { Run(p) }).(*PanicError); !ok {
			t.Errorf("program %d did not panic with a *PanicError", k)
		}
	}
	settleGoroutines(t, before)
}
