// Command isolated: ForAll iterations and their parent all increment count inside Isolated; isolated accesses never race with one another, so no race.
package main

import (
	"fmt"

	"github.com/tpinstr/tpinstr/rt/task"
)

func main() {
	task.Run(func(t *task.T) {
		count := 0
		t.Finish(func(t *task.T) {
			t.ForAsync(0, 4, func(t *task.T, i int) {
				t.Isolated(func() {
					count++
				})
			})
			t.Isolated(func() {
				count++
			})
		})
		fmt.Println(count)
	})
}
