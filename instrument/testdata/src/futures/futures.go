// Package futures exercises task-library calls: their handles get sites,
// and accesses after a join in the same statement are hooked after it.
package futures

import task "github.com/tpinstr/tpinstr/instrument/testdata/src/faketask"

type acc struct{ sum int }

func sum(a []int) int {
	var total int
	task.Run(func(t *task.T) {
		f := task.NewFuture(t, func(t *task.T) int { return a[0] })
		g := task.NewFuture[int](t, func(t *task.T) int { return a[1] })
		total = f.Get() + g.Get()
		total += f.Get()
		t.Finish(func(t *task.T) {
			t.Async(func(t *task.T) { a[2] = total })
			t.ForAsync(0, len(a), func(t *task.T, i int) { a[i]++ })
		})
		t.ForAll(0, 2, func(t *task.T, i int) {
			t.Isolated(func() { total++ })
		})
	})
	return total
}

func handles(fs []*task.Future[int], ac *acc) int {
	r := 0
	task.Run(func(t *task.T) {
		for _, f := range fs {
			r += f.Get()
		}
		ac.sum = fs[0].Get()
		if fs[1].Get() > r {
			r = 0
		}
		defer t.Finish(func(*task.T) {})
		go fs[0].Get()
	})
	return r
}
