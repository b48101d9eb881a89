// Command futures_fig1: Figure 1 of Surendran & Sarkar's futures paper (RV 2016) where Stmt3 (in TB) and Stmt8 (in main) read TA's result before getting TA; the figure says both may run in parallel with TA, so each read races with TA's write.
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

// early keeps what Stmt8 read, so the read is not dead code.
var early int

func main() {
	task.Run(func(t *task.T) {
		// Stmt1
		pre := 1
		// Task TA
		a := task.NewFuture(t, func(t *task.T) int {
			xa = 100 // race:a,b
			return xa
		})
		// Stmt2
		pre++
		// Task TB
		b := task.NewFuture(t, func(t *task.T) int {
			// Stmt3 reads TA's result before TB gets TA.
			own := xa // race:a
			a.Get()
			// Stmt4
			yb = own + 3
			return yb
		})
		// Stmt5
		pre++
		// Task TC
		c := task.NewFuture(t, func(t *task.T) int {
			// Stmt6
			own := 6
			a.Get()
			// Stmt7
			zc = xa * own
			return b.Get() + zc
		})
		// Stmt8 reads TA's result before main gets TA.
		early = xa // race:b
		va := a.Get()
		// Stmt9
		sum := va + xa
		c.Get()
		// Stmt10
		fmt.Println(pre, sum, zc)
	})
}
