package futures

import task "github.com/tpinstr/tpinstr/instrument/testdata/src/faketask"

// rangeGet ranges over the slices that futures return: Get's handle gets
// rt.At inside the range expression, so the expression stays where it is
// and rt.RangeRead records the loop's reads of the elements around it.
func rangeGet(fs []*task.Future[[]int]) int {
	total := 0
	task.Run(func(t *task.T) {
		f := task.NewFuture(t, func(t *task.T) []int { return []int{1, 2, 3} })
		for _, v := range f.Get() {
			total += v
		}
		for i, v := range fs[0].Get()[1:] {
			total += i * v
		}
	})
	return total
}
