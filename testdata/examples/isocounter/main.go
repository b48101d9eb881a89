// Command isocounter is the IntegerCounterIsolated program of Nakade's
// thesis (table 7.1): ten tasks increment one counter inside Isolated. The
// increments commute, so exploring one order of them decides them all.
package main

import (
	"fmt"

	"github.com/tpinstr/tpinstr/rt/task"
)

func main() {
	count := 0
	task.Run(func(t *task.T) {
		t.ForAll(0, 10, func(t *task.T, i int) {
			t.Isolated(func() { count++ })
		})
	})
	fmt.Println(count)
}
