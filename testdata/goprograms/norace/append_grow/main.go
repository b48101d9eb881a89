// Command append_grow: a goroutine appends to a slice with room to spare, so append writes only the element past the end, while the parent writes the first element: different memory.
package main

import (
	"fmt"
	"sync"
)

func main() {
	s := make([]int, 4, 8)
	var grown []int
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		grown = append(s, 5)
	}()
	s[0] = 42
	wg.Wait()
	fmt.Println(len(grown), cap(s))
}
