// Command futures_fig2: Figure 2 of Surendran & Sarkar's futures paper (RV 2016) where S10 (in TD) reads what S2 (in TA) writes; the paper's text states S2 || S10, so the two race.
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
			v2 = 2 // race:a
			// Task TB
			b := task.NewFuture(t, func(t *task.T) int {
				// S3
				v3 = 3
				return v3
			})
			// S4
			s4 := 4
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
			a.Get()
			// S8
			return v5 * s7
		})
		// S9
		s++
		// Task TD, never got
		task.NewFuture(t, func(t *task.T) int {
			// S10 reads what S2 writes: S2 || S10
			v10 = v2 * 5 // race:a
			return v10
		})
		// S11
		s++
		vc := c.Get()
		// S12
		fmt.Println(s, vc, v2)
	})
}
