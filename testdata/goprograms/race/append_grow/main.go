// Command append_grow: a goroutine appends to a full slice, so append copies every old element into a new array (reading them), while the parent writes the first element.
package main

import (
	"fmt"
	"sync"
)

func main() {
	s := make([]int, 4)
	var grown []int
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		grown = append(s, 5) // race:grow
	}()
	s[0] = 42 // race:grow
	wg.Wait()
	fmt.Println(len(grown), cap(s))
}
