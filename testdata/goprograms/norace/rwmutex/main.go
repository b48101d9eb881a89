// Command rwmutex: readers read a setting under RLock, and an updater changes it under Lock; a write-locked section excludes every read-locked one of the same RWMutex, so in every order the update and the reads are ordered.
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
	return s.limit
}

func (s *settings) bump() {
	s.mu.Lock()
	s.limit += 10
	s.mu.Unlock()
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
	fmt.Println("readers saw a limit:", ok, "final", s.get())
}
