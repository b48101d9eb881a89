// Command field_elsewhere: a tree built by composite literals is summed by a goroutine while main sets a node's value in place before waiting for it; package tree only reads Val and the write is in package main, so the read's hook must still run: they race.
package main

import (
	"fmt"
	"sync"

	"github.com/tpinstr/tpinstr/testdata/goprograms/race/field_elsewhere/tree"
)

func main() {
	t := tree.Build(4)
	var wg sync.WaitGroup
	sums := make([]int, 1)
	wg.Add(1)
	go func() {
		defer wg.Done()
		sums[0] = t.Sum()
	}()
	t.Left.Val = 7 // race:val
	wg.Wait()
	fmt.Println(t.Left.Val, tree.Count(t))
}
