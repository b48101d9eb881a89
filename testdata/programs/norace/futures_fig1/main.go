// Command futures_fig1: Figure 1 of Surendran & Sarkar's futures paper (RV 2016): TB, TC and the main task all get TA, and main reaches TB only through TC (non-tree joins); every access to TA's and TB's results follows a Get, so no race.
package main

import (
	"fmt"

	"github.com/tpinstr/tpinstr/rt/task"
)

// The locations the figure's statements touch.
var (
	// written by TA
	xa int
	// written by TB in Stmt4
	yb int
	// written by TC in Stmt7
	zc int
)

func main() {
	task.Run(func(t *task.T) {
		// Stmt1
		pre := 1
		// Task TA
		a := task.NewFuture(t, func(t *task.T) int {
			xa = 100
			return xa
		})
		// Stmt2
		pre++
		// Task TB
		b := task.NewFuture(t, func(t *task.T) int {
			// Stmt3: may run in parallel with TA, touches nothing of it
			own := 3
			a.Get()
			// Stmt4: after TA, through the sibling's Get
			yb = xa + own
			return yb
		})
		// Stmt5
		pre++
		// Task TC
		c := task.NewFuture(t, func(t *task.T) int {
			// Stmt6: may run in parallel with TA
			own := 6
			a.Get()
			// Stmt7: after TA
			zc = xa * own
			return b.Get() + zc
		})
		// Stmt8: may run in parallel with TA
		pre++
		va := a.Get()
		// Stmt9: after TA
		sum := va + xa
		vc := c.Get()
		// Stmt10: after TA, TB (through TC) and TC
		fmt.Println(pre, sum, vc, yb, zc)
	})
}
