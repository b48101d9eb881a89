// Command release_unheld: a task releases its read permission twice; the second release matches no held permission and is a permission error.
package main

import (
	"fmt"

	"github.com/tpinstr/tpinstr/rt/task"
)

func main() {
	limit := 10
	var got int
	task.Run(func(t *task.T) {
		task.AcquireR(t, &limit)
		got = limit
		task.ReleaseR(t, &limit)
		task.ReleaseR(t, &limit) // misuse
	})
	fmt.Println(got)
}
