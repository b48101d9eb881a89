// Command tree_whole: an Async sums a tree built by composite literals inside a Finish, and only after the Finish does its parent overwrite a whole node (*n = tree.Node{...}) in package main: the write follows every read, no race.
package main

import (
	"fmt"

	"github.com/tpinstr/tpinstr/rt/task"
	"github.com/tpinstr/tpinstr/testdata/programs/norace/tree_whole/tree"
)

// sum keeps what the Async computed, so the reads are not dead code.
var sum int

func main() {
	root := tree.Build(3)
	task.Run(func(t *task.T) {
		t.Finish(func(t *task.T) {
			t.Async(func(t *task.T) { sum = root.Sum() })
		})
		*root.Left = tree.Node{Val: 2}
	})
	fmt.Println(root.Left.Val)
}
