// Command global_var: an Async inside a Finish writes a package-level variable that is read after the Finish; the Finish joins the writer first, so no race.
package main

import (
	"fmt"

	"github.com/tpinstr/tpinstr/rt/task"
)

var counter int

func main() {
	task.Run(func(t *task.T) {
		t.Finish(func(t *task.T) {
			t.Async(func(t *task.T) {
				counter = 1
			})
		})
		fmt.Println(counter)
	})
}
