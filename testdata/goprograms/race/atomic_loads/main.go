// Command atomic_loads: a worker fills a report and then reads the shutdown flag with Load, and the main goroutine reads the same flag with Load before looking at the report; two Loads order nothing (neither observes an effect of the other), so the report's write races with its read in every schedule, even in the runs where the worker's Load comes first.
package main

import (
	"fmt"
	"sync"
	"sync/atomic"
)

type job struct {
	stopping atomic.Bool
	report   []string
}

func (j *job) scan(items []string) {
	for _, it := range items {
		j.report = append(j.report, "scanned "+it) // race:report
	}
	if j.stopping.Load() {
		return
	}
}

func main() {
	j := &job{}
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		j.scan([]string{"a", "b", "c"})
	}()
	seen := 0
	if !j.stopping.Load() {
		seen = len(j.report) // race:report
	}
	wg.Wait()
	fmt.Println("entries", len(j.report), seen >= 0)
}
