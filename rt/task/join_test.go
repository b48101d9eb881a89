package task

import (
	"sync/atomic"
	"testing"
)

// A shape spawns tasks from t in some pattern, with leaf as the body of the
// tasks that do the work, and returns how many leaves it spawned.
type shape struct {
	name  string
	spawn func(t *T, leaf func(t *T)) int
}

// tree spawns a binary tree of Async tasks of the given depth whose inner
// tasks have no Finish of their own, so that every leaf joins the IEF of the
// root of the tree.
func tree(t *T, depth int, leaf func(t *T)) int {
	if depth == 0 {
		t.Async(leaf)
		return 1
	}
	for range 2 {
		t.Async(func(t *T) { tree(t, depth-1, leaf) })
	}
	return 1 << depth
}

var shapes = []shape{
	{"flat asyncs", func(t *T, leaf func(t *T)) int {
		for range 100 {
			t.Async(leaf)
		}
		return 100
	}},
	{"grandchildren without finish", func(t *T, leaf func(t *T)) int {
		return tree(t, 7, leaf)
	}},
	{"finish inside children", func(t *T, leaf func(t *T)) int {
		for range 10 {
			t.Async(func(t *T) {
				t.Finish(func(t *T) {
					for range 10 {
						t.Async(leaf)
					}
				})
			})
		}
		return 100
	}},
	{"futures never got", func(t *T, leaf func(t *T)) int {
		for range 50 {
			NewFuture(t, func(t *T) int { leaf(t); return 0 })
		}
		return 50
	}},
	{"asyncs of futures", func(t *T, leaf func(t *T)) int {
		for range 10 {
			NewFuture(t, func(t *T) int {
				for range 5 {
					t.Async(leaf)
				}
				return 0
			})
		}
		return 50
	}},
	{"forasync", func(t *T, leaf func(t *T)) int {
		t.ForAsync(0, 100, func(t *T, _ int) { leaf(t) })
		return 100
	}},
	{"asyncs of forasync iterations", func(t *T, leaf func(t *T)) int {
		t.ForAsync(0, 20, func(t *T, _ int) {
			t.Async(leaf)
			t.Async(leaf)
		})
		return 40
	}},
	{"forall in children", func(t *T, leaf func(t *T)) int {
		for range 4 {
			t.Async(func(t *T) { t.ForAll(0, 25, func(t *T, _ int) { leaf(t) }) })
		}
		return 100
	}},
}

// A join runs body in a construct that must join every task body spawns,
// then calls after.
type join struct {
	name string
	run  func(body func(t *T), after func())
}

var joins = []join{
	{"Run", func(body func(t *T), after func()) {
		Run(body)
		after()
	}},
	{"Finish", func(body func(t *T), after func()) {
		Run(func(t *T) {
			t.Finish(body)
			after()
		})
	}},
	{"nested Finish", func(body func(t *T), after func()) {
		Run(func(t *T) {
			t.Finish(func(t *T) {
				t.Finish(body)
				after()
			})
		})
	}},
	{"ForAll", func(body func(t *T), after func()) {
		Run(func(t *T) {
			t.ForAll(0, 1, func(t *T, _ int) { body(t) })
			after()
		})
	}},
	{"Finish in a child", func(body func(t *T), after func()) {
		Run(func(t *T) {
			t.Async(func(t *T) {
				t.Finish(body)
				after()
			})
		})
	}},
}

// TestJoinsWaitForEveryTask checks that Run, Finish and ForAll return only
// after every task spawned inside them, transitively, has ended: futures,
// forasync iterations and grandchildren spawned without a Finish included.
func TestJoinsWaitForEveryTask(t *testing.T) {
	for _, j := range joins {
		for _, s := range shapes {
			t.Run(j.name+"/"+s.name, func(t *testing.T) {
				var ended atomic.Int64
				leaf := func(*T) {
					spin()
					ended.Add(1)
				}
				var want int
				var got int64
				j.run(func(tk *T) { want = s.spawn(tk, leaf) }, func() { got = ended.Load() })
				if got != int64(want) {
					t.Errorf("%d of %d tasks had ended when the join returned", got, want)
				}
			})
		}
	}
}

// TestJoinPublishesWrites checks that what joined tasks wrote is visible
// after the join: the tasks write plain memory, and the race detector
// (go test -race) reports a missing happens-before edge.
func TestJoinPublishesWrites(t *testing.T) {
	const n = 64
	for _, j := range joins {
		t.Run(j.name, func(t *testing.T) {
			var slots [n]int
			j.run(func(tk *T) {
				for i := range n {
					tk.Async(func(tk *T) {
						tk.Async(func(*T) { slots[i] = i + 1 })
					})
				}
			}, func() {
				for i, v := range slots {
					if v != i+1 {
						t.Errorf("slot %d = %d after the join, want %d", i, v, i+1)
					}
				}
			})
		})
	}
}

// TestNestedFinishJoinsOnlyItsTasks checks that an inner Finish joins the
// tasks spawned inside it, and that tasks spawned before it in the outer
// Finish are still joined by the outer one.
func TestNestedFinishJoinsOnlyItsTasks(t *testing.T) {
	var outer, inner atomic.Int64
	var innerAtInnerEnd, outerAtOuterEnd int64
	Run(func(t *T) {
		t.Finish(func(t *T) {
			for range 10 {
				t.Async(func(*T) { spin(); outer.Add(1) })
			}
			t.Finish(func(t *T) {
				for range 10 {
					t.Async(func(t *T) { t.Async(func(*T) { spin(); inner.Add(1) }) })
				}
			})
			innerAtInnerEnd = inner.Load()
		})
		outerAtOuterEnd = outer.Load()
	})
	if innerAtInnerEnd != 10 {
		t.Errorf("inner Finish returned with %d of 10 of its tasks ended", innerAtInnerEnd)
	}
	if outerAtOuterEnd != 10 {
		t.Errorf("outer Finish returned with %d of 10 of its tasks ended", outerAtOuterEnd)
	}
}

// TestIndependentRuns checks that Runs started by several goroutines at once
// each join their own tasks.
func TestIndependentRuns(t *testing.T) {
	const runs, tasks = 8, 200
	counts := make([]atomic.Int64, runs)
	atEnd := make([]int64, runs)
	done := make(chan int)
	for r := range runs {
		go func() {
			Run(func(t *T) {
				t.ForAsync(0, tasks, func(t *T, _ int) {
					t.Async(func(*T) { counts[r].Add(1) })
				})
			})
			atEnd[r] = counts[r].Load()
			done <- r
		}()
	}
	for range runs {
		<-done
	}
	for r, got := range atEnd {
		if got != tasks {
			t.Errorf("Run %d returned with %d of %d tasks ended", r, got, tasks)
		}
	}
}
