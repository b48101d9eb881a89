// Command tree_whole: an Async sums a tree built by composite literals while its parent overwrites a whole node (*n = tree.Node{...}) in package main; package tree never writes a field, yet the whole-struct write writes them all, so the read's hook must still run: they race.
package main

import (
	"fmt"

	"github.com/tpinstr/tpinstr/rt/task"
	"github.com/tpinstr/tpinstr/testdata/programs/race/tree_whole/tree"
)

// sum keeps what the Async computed, so the reads are not dead code.
var sum int

func main() {
	root := tree.Build(3)
	task.Run(func(t *task.T) {
		t.Async(func(t *task.T) { sum = root.Sum() })
		*root.Left = tree.Node{Val: 2} // race:node
	})
	fmt.Println(root.Left.Val)
}
