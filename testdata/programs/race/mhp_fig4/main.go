// Command mhp_fig4: Figure 4 of Agarwal et al.'s MHP paper (PPoPP 2007) where S2 reads what S11 writes; S2 runs in the parent of the async S1, in parallel with S1's whole subtree, so the read races with S11.
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
						out[0] = s5 + 6 // race:a
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
			// S2 reads what S11 writes, with no finish between them
			s2 = out[0] * 2 // race:a
		})
		// S3, S4: after S0's finish
		s4 = out[0] + out[1] + s10
		fmt.Println(s4)
	})
}
