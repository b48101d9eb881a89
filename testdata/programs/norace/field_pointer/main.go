// Command field_pointer: an Async writes one field through a pointer while the parent writes another field of the same struct; distinct locations, so no race.
package main

import (
	"fmt"

	"github.com/tpinstr/tpinstr/rt/task"
)

type point struct{ x, y int }

func main() {
	task.Run(func(t *task.T) {
		p := &point{}
		t.Finish(func(t *task.T) {
			t.Async(func(t *task.T) {
				p.x = 3
			})
			p.y = 4
		})
		fmt.Println(p.x, p.y)
	})
}
