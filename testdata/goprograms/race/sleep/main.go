// Command sleep: a worker fills a cache and then raises an atomic flag; the parent sleeps, checks the flag and reads the cache whatever the flag says. The sleep makes the flag almost always raised in time, and then the flag's Store orders the fill before the read; but a sleep orders nothing, and when the worker is late the read races with the fill.
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
		cache[k] = i // race:cache
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

	time.Sleep(20 * time.Millisecond) // long enough, usually
	late := !ready.Load()
	n := cache["a"] // race:cache
	wg.Wait()
	fmt.Println("cache checked", n >= 0 || late)
}
