// Command mhp_fig4: Figure 4 of Agarwal et al.'s MHP paper (PPoPP 2007): S11 and S12 run inside the inner finish of the async S1, S10 after it and S4 after the outer finish S0, so S10 and S4 see S11's and S12's writes in order (NEP), and S2 touches nothing of theirs: no race.
package main

import (
	"fmt"

	"github.com/tpinstr/tpinstr/rt/task"
)

// out holds what S11 and S12 write; s2, s10 and s4 what S2, S10 and S4 compute.
var (
	out         [2]int
	s2, s10, s4 int
)

func main() {
	task.Run(func(t *task.T) {
		// S0
		t.Finish(func(t *task.T) {
			// S1: ExternalHelper1
			t.Async(func(t *task.T) {
				t.Finish(func(t *task.T) {
					// S5
					s5 := 5
					// S6: InternalHelper1_1
					t.Async(func(t *task.T) {
						// S11
						out[0] = s5 + 6
					})
					// S7: InternalHelper1_2
					t.Async(func(t *task.T) {
						// S12
						out[1] = s5 + 7
					})
				}) // S8, S9: the finish subsumes both joins
				// S10
				s10 = out[0] + out[1]
			})
			// S2
			s2 = 2
		})
		// S3, S4: after S0's finish
		s4 = out[0] + out[1] + s10 + s2
		fmt.Println(s4)
	})
}
