// Command atomic_typed: workers update a statistics struct whose fields are all typed atomics (atomic.Int64, atomic.Int32, atomic.Pointer); atomic operations never race with one another.
package main

import (
	"fmt"
	"sync"
	"sync/atomic"
)

type stats struct {
	requests atomic.Int64
	maxSize  atomic.Int32
	last     atomic.Pointer[int]
}

func (s *stats) record(id, size int) {
	s.requests.Add(1)
	for {
		old := s.maxSize.Load()
		if int32(size) <= old || s.maxSize.CompareAndSwap(old, int32(size)) {
			break
		}
	}
	s.last.Store(&id)
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
	if p := s.last.Load(); p != nil && *p > 0 {
		fmt.Println("last recorded")
	}
}
