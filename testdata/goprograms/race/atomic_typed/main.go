// Command atomic_typed: workers update a statistics struct whose counter is an atomic.Int64, but whose last-seen field is a plain int that every worker assigns; the typed atomic protects only itself, so the plain writes race.
package main

import (
	"fmt"
	"sync"
	"sync/atomic"
)

type stats struct {
	requests atomic.Int64
	maxSize  atomic.Int32
	last     int
}

func (s *stats) record(id, size int) {
	s.requests.Add(1)
	for {
		old := s.maxSize.Load()
		if int32(size) <= old || s.maxSize.CompareAndSwap(old, int32(size)) {
			break
		}
	}
	s.last = id // race:last
}

func main() {
	var s stats
	var wg sync.WaitGroup
	for id := 1; id <= 4; id++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s.record(id, id*100)
		}()
	}
	wg.Wait()

	fmt.Println("requests", s.requests.Load(), "max", s.maxSize.Load())
	if s.last > 0 {
		fmt.Println("last recorded")
	}
}
