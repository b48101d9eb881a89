// Command publish_isolated: a task writes data and then sets a flag inside Isolated; another task reads the flag inside Isolated and reads data only when it saw the flag set, so in every order of the two isolated sections the read of data comes after the write (or does not happen): no race.
package main

import (
	"fmt"

	"github.com/tpinstr/tpinstr/rt/task"
)

func main() {
	data, ready := 0, false
	got := -1
	task.Run(func(t *task.T) {
		t.Async(func(t *task.T) {
			data = 42
			t.Isolated(func() { ready = true })
		})
		t.Async(func(t *task.T) {
			seen := false
			t.Isolated(func() { seen = ready })
			if seen {
				got = data
			}
		})
	})
	fmt.Println(got == -1 || got == 42)
}
