// Command futures_fig2: Figure 2 of Surendran & Sarkar's futures paper (RV 2016), steps S1-S12 with the edges its text names (TB joins TA, a tree join; TA joins TC, a non-tree join; S2 precedes S12); every read follows its writer along those edges, so no race.
package main

import (
	"fmt"

	"github.com/tpinstr/tpinstr/rt/task"
)

// v2, v3, v5 and v10 are written in steps S2, S3, S5 and S10.
var v2, v3, v5, v10 int

func main() {
	// Task TM
	task.Run(func(t *task.T) {
		// S1
		s := 1
		// Task TA
		a := task.NewFuture(t, func(t *task.T) int {
			// S2
			v2 = 2
			// Task TB
			b := task.NewFuture(t, func(t *task.T) int {
				// S3
				v3 = 3
				return v3
			})
			// S4
			s4 := 4
			// the join edge S3 -> S5 is a tree join: TA is TB's parent
			b.Get()
			// S5
			v5 = v3 + s4
			return v5
		})
		// S6
		s++
		// Task TC
		c := task.NewFuture(t, func(t *task.T) int {
			// S7
			s7 := 7
			// the join edge S5 -> S8 is a non-tree join: TC is not an ancestor of TA
			a.Get()
			// S8
			return v5 * s7
		})
		// S9
		s++
		// Task TD, never got
		task.NewFuture(t, func(t *task.T) int {
			// S10: in parallel with S2
			v10 = 10
			return v10
		})
		// S11
		s++
		vc := c.Get()
		// S12: after S2, through S5 and TC
		fmt.Println(s, vc, v2)
	})
	// after Run, whose implicit Finish joins TD
	fmt.Println(v10)
}
