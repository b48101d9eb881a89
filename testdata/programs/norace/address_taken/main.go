// Command address_taken: an Async writes a local through a pointer to it and the parent reads the local by name after a Finish joined the writer, so no race.
package main

import (
	"fmt"

	"github.com/tpinstr/tpinstr/rt/task"
)

func main() {
	task.Run(func(t *task.T) {
		x := 0
		p := &x
		t.Finish(func(t *task.T) {
			t.Async(func(t *task.T) {
				*p = 7
			})
		})
		fmt.Println(x)
	})
}
