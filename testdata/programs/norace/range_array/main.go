// Command range_array: the parent ranges over a captured array after a Finish joined the Async that wrote an element, so no race.
package main

import (
	"fmt"

	"github.com/tpinstr/tpinstr/rt/task"
)

func main() {
	task.Run(func(t *task.T) {
		var a [4]int
		t.Finish(func(t *task.T) {
			t.Async(func(t *task.T) {
				a[1] = 5
			})
		})
		sum := 0
		for _, v := range a {
			sum += v
		}
		fmt.Println(sum)
	})
}
