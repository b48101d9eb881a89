package precision

import (
	"sort"

	"github.com/tpinstr/tpinstr/rt/task"
)

func work(k int) int { return k * k }

func slotsReverse(t *task.T) int {
	out := make([]int, 8)
	fs := make([]*task.Future[bool], 8)
	for k := 0; k < 8; k++ {
		fs[k] = task.NewFuture(t, func(t *task.T) bool {
			out[k] = work(k)
			return true
		})
	}
	for k := 7; k >= 0; k-- {
		fs[k].Get()
	}
	return out[3] // no report
}

func slotsRange(t *task.T, n int) int {
	out := make([]int, n)
	fs := make([]*task.Future[bool], n)
	for k := 0; k < n; k++ {
		fs[k] = task.NewFuture(t, func(t *task.T) bool {
			out[k] = work(k)
			return true
		})
	}
	for _, f := range fs {
		f.Get()
	}
	return out[0] // no report
}

func slotsHalf(t *task.T) int {
	out := make([]int, 8)
	fs := make([]*task.Future[bool], 8)
	for k := 0; k < 8; k++ {
		fs[k] = task.NewFuture(t, func(t *task.T) bool {
			out[k] = work(k) // want `possible determinacy race on out`
			return true
		})
	}
	for k := 0; k < 4; k++ {
		fs[k].Get()
	}
	return out[7]
}

func slotsBreak(t *task.T) int {
	out := make([]int, 8)
	fs := make([]*task.Future[bool], 8)
	for k := 0; k < 8; k++ {
		fs[k] = task.NewFuture(t, func(t *task.T) bool {
			out[k] = work(k) // want `possible determinacy race on out`
			return true
		})
	}
	for k := 0; k < 8; k++ {
		if k == 5 {
			break
		}
		fs[k].Get()
	}
	return out[7]
}

func slotsOverwritten(t *task.T) int {
	out := make([]int, 8)
	fs := make([]*task.Future[bool], 8)
	for k := 0; k < 8; k++ {
		fs[k] = task.NewFuture(t, func(t *task.T) bool {
			out[k] = work(k) // want `possible determinacy race on out`
			return true
		})
	}
	fs[0] = task.NewFuture(t, func(t *task.T) bool { return false })
	for k := 0; k < 8; k++ {
		fs[k].Get()
	}
	return out[0]
}

func slotsPassedOn(t *task.T, reset func([]*task.Future[bool])) int {
	out := make([]int, 8)
	fs := make([]*task.Future[bool], 8)
	for k := 0; k < 8; k++ {
		fs[k] = task.NewFuture(t, func(t *task.T) bool {
			out[k] = work(k) // want `possible determinacy race on out`
			return true
		})
	}
	reset(fs)
	for k := 0; k < 8; k++ {
		fs[k].Get()
	}
	return out[0]
}

func slotsMap(t *task.T) int {
	out := make([]int, 8)
	fs := map[int]*task.Future[bool]{}
	for k := 0; k < 8; k++ {
		fs[k] = task.NewFuture(t, func(t *task.T) bool {
			out[k] = work(k)
			return true
		})
	}
	for _, f := range fs {
		f.Get()
	}
	return out[5] // no report
}

func slotsMapByName(t *task.T, names []string) int {
	out := make([]int, len(names))
	fs := map[string]*task.Future[bool]{}
	for i, n := range names {
		fs[n] = task.NewFuture(t, func(t *task.T) bool {
			out[i] = work(i) // want `possible determinacy race on out`
			return true
		})
	}
	for _, f := range fs {
		f.Get() // two equal names: one future is never got here
	}
	return out[0]
}

func slotsMapDeleted(t *task.T) int {
	out := make([]int, 8)
	fs := map[int]*task.Future[bool]{}
	for k := 0; k < 8; k++ {
		fs[k] = task.NewFuture(t, func(t *task.T) bool {
			out[k] = work(k) // want `possible determinacy race on out`
			return true
		})
	}
	delete(fs, 3)
	for _, f := range fs {
		f.Get()
	}
	return out[3]
}

// A Get in a grandchild orders what follows it there.
func grandchildGet(t *task.T) int {
	x := 0
	f := task.NewFuture(t, func(t *task.T) bool {
		x = 1
		return true
	})
	y := 0
	t.Finish(func(t *task.T) {
		t.Async(func(t *task.T) {
			t.Async(func(t *task.T) {
				f.Get()
				y = x // no report
			})
		})
	})
	return y
}

func grandchildNoGet(t *task.T) int {
	x := 0
	f := task.NewFuture(t, func(t *task.T) bool {
		x = 1 // want `possible determinacy race on x`
		return true
	})
	y := 0
	t.Finish(func(t *task.T) {
		t.Async(func(t *task.T) {
			t.Async(func(t *task.T) {
				y = x
				f.Get()
			})
		})
	})
	return y
}

// Futures kept in a map under the sorted keys of another map: the keys are
// distinct, so the range over the futures' map gets every one.
func mapSlotsSortedKeys(t *task.T, m map[string]int) int {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	out := make([]int, len(keys))
	fs := map[string]*task.Future[bool]{}
	for i, k := range keys {
		fs[k] = task.NewFuture(t, func(t *task.T) bool {
			out[i] = m[k]
			return true
		})
	}
	for _, f := range fs {
		f.Get()
	}
	return out[0] // no report
}

// Keys given by the caller may repeat: a future may drop out of the map.
func mapSlotsGivenKeys(t *task.T, keys []string) int {
	out := make([]int, len(keys))
	fs := map[string]*task.Future[bool]{}
	for i, k := range keys {
		fs[k] = task.NewFuture(t, func(t *task.T) bool {
			out[i] = len(k) // want `possible determinacy race on out`
			return true
		})
	}
	for _, f := range fs {
		f.Get()
	}
	return out[0]
}

// Keys of two maps together may repeat.
func mapSlotsTwoMaps(t *task.T, a, b map[string]int) int {
	var keys []string
	for k := range a {
		keys = append(keys, k)
	}
	for k := range b {
		keys = append(keys, k)
	}
	out := make([]int, len(keys))
	fs := map[string]*task.Future[bool]{}
	for i, k := range keys {
		fs[k] = task.NewFuture(t, func(t *task.T) bool {
			out[i] = len(k) // want `possible determinacy race on out`
			return true
		})
	}
	for _, f := range fs {
		f.Get()
	}
	return out[0]
}

// A key slice written in place may hold a key twice.
func mapSlotsOverwritten(t *task.T, m map[int]int) int {
	keys := []int{}
	for k := range m {
		keys = append(keys, k)
	}
	if len(keys) > 1 {
		keys[1] = keys[0]
	}
	out := make([]int, len(keys))
	fs := map[int]*task.Future[bool]{}
	for i, k := range keys {
		fs[k] = task.NewFuture(t, func(t *task.T) bool {
			out[i] = k // want `possible determinacy race on out`
			return true
		})
	}
	for _, f := range fs {
		f.Get()
	}
	return out[0]
}

// A Get inside a literal reached through a value does not order what
// follows the call: the call may run another function.
type waiter struct{ wait func() }

func getThroughValue(t *task.T, other func()) int {
	x := 0
	f := task.NewFuture(t, func(t *task.T) bool {
		x = 1 // want `possible determinacy race on x`
		return true
	})
	ws := []waiter{{func() { f.Get() }}, {other}}
	ws[len(ws)-1].wait()
	return x
}
