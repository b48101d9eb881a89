// Command thesis_fig3_6: Figure 3.6 of Nakade's thesis (BYU 2016), its order of return value handlers modelled by isolated writes of n: if p2's write lands last (the depth-first order), main spawns p3 and p3's write of r1 races with main's; if p1's lands last, nothing is spawned and there is no race.
package main

import (
	"fmt"

	"github.com/tpinstr/tpinstr/rt/task"
)

// r1 is the variable of region r1.
var r1 int

func main() {
	task.Run(func(t *task.T) {
		n := 1
		// region r1
		t.Finish(func(t *task.T) {
			// p1 returns 0; handler λv.n := v
			t.Async(func(t *task.T) {
				t.Isolated(func() { n = 0 })
			})
			// p2 returns 1; handler λv.n := v
			t.Async(func(t *task.T) {
				t.Isolated(func() { n = 1 })
			})
		}) // await r1
		if n == 1 {
			// region r1 again
			t.Finish(func(t *task.T) {
				// p3
				t.Async(func(t *task.T) {
					r1 = 2 // race:a
				})
				r1 = 1 // race:a
			}) // await r1
		}
		fmt.Println(n == 0 || n == 1)
	})
}
