// Command once: workers load a shared configuration through sync.Once before reading any of it; the return from the call of the function that Do ran happens before the return of every Do, so every read follows the load.
package main

import (
	"fmt"
	"sync"
)

type config struct {
	verbose bool
	workers int
}

var (
	cfg     config
	cfgOnce sync.Once
)

func load() {
	cfg.verbose = true
	cfg.workers = 4
}

func work(id int) int {
	cfgOnce.Do(load)
	quiet := !cfg.verbose
	if quiet && id < 0 {
		return 0
	}
	return id * cfg.workers
}

func main() {
	out := make([]int, 3)
	var wg sync.WaitGroup
	for i := range out {
		wg.Add(1)
		go func() {
			defer wg.Done()
			out[i] = work(i + 1)
		}()
	}
	wg.Wait()
	fmt.Println(out)
}
