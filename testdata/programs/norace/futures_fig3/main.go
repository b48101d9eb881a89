// Command futures_fig3: the computation graph of Figure 3 (and Table 1) of Surendran & Sarkar's futures paper (RV 2016): T3 gets T2 then T1 (non-tree joins (4,6) and (2,9)), then spawns T4, T5 and T5's child T6; T4 reads only T2's result and T6 reads T1's through their lowest significant ancestor T3, so no race.
package main

import (
	"fmt"

	"github.com/tpinstr/tpinstr/rt/task"
)

// w1 and w2 are the results of T1 and T2; seen4 and seen6 what T4 and T6 read.
var w1, w2, seen4, seen6 int

func main() {
	// T0, step 1
	task.Run(func(t0 *task.T) {
		// T1, step 2
		f1 := task.NewFuture(t0, func(t *task.T) int {
			w1 = 1
			return w1
		})
		// T2, step 4
		f2 := task.NewFuture(t0, func(t *task.T) int {
			w2 = 2
			return w2
		})
		t0.Finish(func(t0 *task.T) {
			// T3, step 5
			t0.Async(func(t3 *task.T) {
				// non-tree join (4,6)
				f2.Get()
				// T4, step 7
				t3.Async(func(t *task.T) {
					seen4 = w2 * 10
				})
				// non-tree join (2,9)
				f1.Get()
				// T5, step 10
				t3.Async(func(t5 *task.T) {
					// T6, step 11
					t5.Async(func(t *task.T) {
						seen6 = w1 * 100
					})
				})
			})
		})
		fmt.Println(seen4, seen6)
	})
}
