// Command once: workers load a shared configuration through sync.Once before using it, but each first peeks at one field before calling Do; the peek is ordered after nothing, so it races with the load that another worker's Do runs.
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
	cfg.verbose = true // race:verbose
	cfg.workers = 4
}

func work(id int) int {
	quiet := !cfg.verbose // race:verbose
	cfgOnce.Do(load)
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
