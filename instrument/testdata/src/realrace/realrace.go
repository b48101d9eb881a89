// Command realrace uses the real task library: with argument "race" its
// two tasks write one variable unordered, otherwise a Finish orders them.
package main

import (
	"fmt"
	"os"

	"github.com/tpinstr/tpinstr/rt/task"
)

func main() {
	racy := len(os.Args) > 1 && os.Args[1] == "race"
	x := 0
	task.Run(func(t *task.T) {
		if racy {
			t.Async(func(t *task.T) { x = 1 })
			x = 2
			return
		}
		t.Finish(func(t *task.T) {
			t.Async(func(t *task.T) { x = 1 })
		})
		x = 2
	})
	fmt.Println("x =", x)
}
