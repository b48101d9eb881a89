// Command atomic_loads: a worker fills a report and then publishes it with a Store of the done flag, and the main goroutine looks at the report only after a Load that observes the Store; the Load is ordered after the Store it observes, and so after the report's writes.
package main

import (
	"fmt"
	"sync"
	"sync/atomic"
)

type job struct {
	done   atomic.Bool
	report []string
}

func (j *job) scan(items []string) {
	for _, it := range items {
		j.report = append(j.report, "scanned "+it)
	}
	j.done.Store(true)
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
	if j.done.Load() {
		seen = len(j.report)
	}
	wg.Wait()
	fmt.Println("entries", len(j.report), seen >= 0)
}
