// Command once_winner: two goroutines call the same sync.Once; the first sets the prefix with a plain write just before its call, and the function Do runs reads it. When the first goroutine wins the Once, as it almost always does because the second computes for a while first, the read follows the write in one goroutine; when the second wins, its read races with the write.
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
	p := prefix // race:prefix
	for i := range 3 {
		names = append(names, fmt.Sprintf("%s-%d", strings.ToUpper(p[:1]), i))
	}
}

func main() {
	var wg sync.WaitGroup
	wg.Add(2)
	go func() { // usually wins the Once
		defer wg.Done()
		prefix = "entry" // race:prefix
		once.Do(build)
	}()
	go func() { // usually loses it
		defer wg.Done()
		_ = spin(30_000_000)
		once.Do(build)
	}()
	wg.Wait()
	fmt.Println(len(names), "names built")
}
