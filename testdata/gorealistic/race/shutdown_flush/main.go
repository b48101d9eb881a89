// Command shutdown_flush: a metrics exporter's aggregator polls a channel of samples and an atomic.Bool stopping flag; at shutdown main sends its last sample and Stores the flag, the aggregator renders the final summary, and an uploader that also polls the flag then uploads the summary. Both goroutines only Load the flag, which main Stores: two Loads order nothing, so the aggregator's write of the summary and the uploader's read of it race in every schedule (the uploader assumes the flag means the summary is ready).
package main

import (
	"fmt"
	"io"
	"runtime"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// sample is one measurement.
type sample struct {
	name  string
	value int
}

// exporter aggregates samples and uploads a summary at shutdown.
type exporter struct {
	stopping atomic.Bool
	totals   map[string]int
	count    int
	summary  string
}

// aggregate adds samples until it sees the stopping flag, then renders
// the summary.
func (e *exporter) aggregate(in <-chan sample) {
	for !e.stopping.Load() {
		select {
		case s := <-in:
			e.totals[s.name] += s.value
			e.count++
		default:
			runtime.Gosched()
		}
	}
	names := make([]string, 0, len(e.totals))
	for n := range e.totals {
		names = append(names, n)
	}
	sort.Strings(names)
	var b strings.Builder
	for _, n := range names {
		fmt.Fprintf(&b, "%s=%d\n", n, e.totals[n])
	}
	e.summary = b.String() // race:summary
}

// upload waits for shutdown and sends the summary to the collector.
func (e *exporter) upload(w io.Writer) {
	for !e.stopping.Load() {
		time.Sleep(50 * time.Microsecond)
	}
	io.WriteString(w, e.summary) // race:summary
}

func main() {
	e := &exporter{totals: map[string]int{}}
	in := make(chan sample)

	var wg sync.WaitGroup
	wg.Add(2)
	go func() {
		defer wg.Done()
		e.aggregate(in)
	}()
	go func() {
		defer wg.Done()
		// dry run: the collector is not contacted
		e.upload(io.Discard)
	}()

	names := []string{"http.requests", "http.errors", "db.queries", "cache.hits"}
	for i := range 24 {
		in <- sample{name: names[i%len(names)], value: i%5 + 1}
	}
	e.stopping.Store(true)
	wg.Wait()

	fmt.Printf("%d samples\n%s", e.count, e.summary)
}
