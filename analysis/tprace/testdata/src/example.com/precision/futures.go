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
