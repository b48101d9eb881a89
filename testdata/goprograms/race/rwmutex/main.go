// Command rwmutex: readers read a setting under RLock, and an updater changes it holding only RLock too; read-locked sections do not exclude one another, so the update races with the reads.
package main

import (
	"fmt"
	"sync"
)

type settings struct {
	mu    sync.RWMutex
	limit int
}

func (s *settings) get() int {
	s.mu.RLock()
	defer s.mu.RUnlock()
	return s.limit // race:limit
}

// bump should take the write lock.
func (s *settings) bump() {
	s.mu.RLock()
	s.limit += 10 // race:limit
	s.mu.RUnlock()
}

func main() {
	s := &settings{limit: 10}
	got := make([]int, 3)
	var wg sync.WaitGroup
	for i := range got {
		wg.Add(1)
		go func() {
			defer wg.Done()
			got[i] = s.get()
		}()
	}
	wg.Add(1)
	go func() {
		defer wg.Done()
		s.bump()
	}()
	wg.Wait()

	ok := true
	for _, g := range got {
		ok = ok && g >= 10
	}
	fmt.Println("readers saw a limit:", ok)
}
