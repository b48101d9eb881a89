// Command latency_histogram: three workers record request latencies into a histogram guarded by a mutex, and a reporter takes snapshots of it to compute percentiles for a debug log while they run; Snapshot copies the histogram struct under the lock and gives the copy its own bucket slice, so the reporter reads only memory no worker writes: no race.
package main

import (
	"fmt"
	"log"
	"sync"
)

// bounds are the upper bounds of the buckets, in milliseconds; the last
// bucket takes everything above.
var bounds = []int{1, 2, 5, 10, 20, 50, 100, 200, 500}

// histogram counts latencies per bucket.
type histogram struct {
	mu    sync.Mutex
	stats stats
}

// stats is what a snapshot returns.
type stats struct {
	count   int
	sum     int
	buckets []int
}

func newHistogram() *histogram {
	return &histogram{stats: stats{buckets: make([]int, len(bounds)+1)}}
}

// Record adds one latency.
func (h *histogram) Record(ms int) {
	i := 0
	for i < len(bounds) && ms > bounds[i] {
		i++
	}
	h.mu.Lock()
	h.stats.count++
	h.stats.sum += ms
	h.stats.buckets[i]++
	h.mu.Unlock()
}

// Snapshot returns the current statistics.
func (h *histogram) Snapshot() stats {
	h.mu.Lock()
	defer h.mu.Unlock()
	s := h.stats
	s.buckets = append([]int(nil), h.stats.buckets...)
	return s
}

// quantile returns the upper bound of the bucket holding quantile q.
func (s stats) quantile(q float64) int {
	want := int(q*float64(s.count) + 0.5)
	seen := 0
	for i, n := range s.buckets {
		seen += n
		if seen >= want && seen > 0 {
			if i < len(bounds) {
				return bounds[i]
			}
			return -1
		}
	}
	return 0
}

var verbose = false

func debugf(format string, args ...any) {
	if verbose {
		log.Printf(format, args...)
	}
}

func main() {
	h := newHistogram()
	latencies := [][]int{
		{3, 7, 12, 4, 90, 2, 15, 8},
		{1, 1, 2, 45, 6, 9, 300, 11},
		{5, 18, 22, 4, 3, 700, 14, 6},
	}

	var wg sync.WaitGroup
	for _, ls := range latencies {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for _, ms := range ls {
				h.Record(ms)
			}
		}()
	}
	wg.Add(1)
	go func() {
		defer wg.Done()
		for range 3 {
			s := h.Snapshot()
			debugf("%d requests, p50 <= %dms, p99 <= %dms", s.count, s.quantile(0.5), s.quantile(0.99))
		}
	}()
	wg.Wait()

	s := h.Snapshot()
	fmt.Printf("%d requests, mean %dms\n", s.count, s.sum/s.count)
	fmt.Printf("p50 <= %dms, p90 <= %dms\n", s.quantile(0.5), s.quantile(0.9))
	for i, n := range s.buckets {
		if i < len(bounds) {
			fmt.Printf("<=%3dms %d\n", bounds[i], n)
		} else {
			fmt.Printf(" >%3dms %d\n", bounds[len(bounds)-1], n)
		}
	}
}
