package main

import (
	"fmt"

	"github.com/tpinstr/tpinstr/rt/task"
)

func main() {
	count := 0
	task.Run(func(t *task.T) {
		t.ForAll(0, 6, func(t *task.T, i int) {
			t.Isolated(func() { count++ })
		})
	})
	fmt.Println(count)
}
