// Command sleep: a worker fills a cache; the parent sleeps, then waits for the worker with a WaitGroup before reading the cache. The sleep orders nothing, but the Wait does.
package main

import (
	"fmt"
	"sync"
	"sync/atomic"
	"time"
)

var (
	cache = map[string]int{}
	ready atomic.Bool
)

func fill() {
	for i, k := range []string{"a", "b", "c"} {
		cache[k] = i
	}
	ready.Store(true)
}

func main() {
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		fill()
	}()

	time.Sleep(20 * time.Millisecond) // orders nothing
	wg.Wait()
	if !ready.Load() {
		fmt.Println("worker is late")
	}
	n := cache["a"]
	fmt.Println("cache checked", n)
}
