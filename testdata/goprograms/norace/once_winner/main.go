// Command once_winner: two goroutines call the same sync.Once, whose function reads a prefix that the parent set before starting them; whichever goroutine wins the Once, the read follows the write through the go statement.
package main

import (
	"fmt"
	"strings"
	"sync"
)

// spin computes for a while, so that the second goroutine usually reaches
// the Once after the first.
func spin(n int) int {
	h := 0
	for i := 0; i < n; i++ {
		h = h*31 + i
	}
	return h
}

var (
	prefix = "item"
	names  []string
	once   sync.Once
)

func build() {
	p := prefix
	for i := range 3 {
		names = append(names, fmt.Sprintf("%s-%d", strings.ToUpper(p[:1]), i))
	}
}

func main() {
	var wg sync.WaitGroup
	prefix = "entry"
	wg.Add(2)
	go func() { // usually wins the Once
		defer wg.Done()
		once.Do(build)
	}()
	go func() { // usually loses it
		defer wg.Done()
		_ = spin(30_000_000)
		once.Do(build)
	}()
	wg.Wait()
	fmt.Println(len(names), "names built:", strings.Join(names, ","))
}
