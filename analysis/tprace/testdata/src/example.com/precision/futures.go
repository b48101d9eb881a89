package precision

import "github.com/tpinstr/tpinstr/rt/task"

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
