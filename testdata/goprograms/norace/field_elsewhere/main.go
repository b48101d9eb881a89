// Command field_elsewhere: a tree built by composite literals is summed by a goroutine, and main sets a node's value in place only after waiting for it; package tree only reads Val and the write is in package main, ordered after every read by the WaitGroup: no race.
package main

import (
	"fmt"
	"sync"

	"github.com/tpinstr/tpinstr/testdata/goprograms/norace/field_elsewhere/tree"
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
	wg.Wait()
	t.Left.Val = 7
	fmt.Println(t.Left.Val, tree.Count(t))
}
