package futures

import task "github.com/tpinstr/tpinstr/instrument/testdata/src/faketask"

// methodForms calls the task library through method expressions, whose
// handle (the first argument) is wrapped like that of a direct call, and
// through a method value and a variable holding a method expression, which
// are called without a site.
func methodForms(a []int) int {
	var total int
	task.Run(func(t *task.T) {
		(*task.T).Finish(t, func(t *task.T) {
			(*task.T).Async(t, func(t *task.T) { a[0] = 1 })
			spawn := (*task.T).Async
			spawn(t, func(t *task.T) { a[1] = 2 })
			async := t.Async
			async(func(t *task.T) { a[2] = 3 })
			(*task.T).ForAll(t, 0, 2, func(t *task.T, i int) { a[i] += 1 })
		})
		f := task.NewFuture(t, func(t *task.T) int { return a[0] })
		total = (*task.Future[int]).Get(f) + (f).Get()
		(*task.T).Isolated(t, func() { total++ })
	})
	return total
}
