// Command rlocker: readers and an updater of a setting are handed a sync.Locker each, the readers rw.RLocker() and the updater, by mistake, rw.RLocker() too; read-locked sections do not exclude one another, so the update races with the reads.
package main

import (
	"fmt"
	"sync"
)

type settings struct {
	rw    sync.RWMutex
	limit int
}

// get reads the limit holding l.
func (s *settings) get(l sync.Locker) int {
	l.Lock()
	defer l.Unlock()
	return s.limit // race:limit
}

// bump raises the limit holding l.
func (s *settings) bump(l sync.Locker) {
	l.Lock()
	s.limit += 10 // race:limit
	l.Unlock()
}

func main() {
	s := &settings{limit: 10}
	got := make([]int, 2)
	var wg sync.WaitGroup
	for i := range got {
		wg.Add(1)
		go func() {
			defer wg.Done()
			got[i] = s.get(s.rw.RLocker())
		}()
	}
	wg.Add(1)
	go func() {
		defer wg.Done()
		s.bump(s.rw.RLocker()) // should be &s.rw
	}()
	wg.Wait()
	fmt.Println("readers saw a limit:", got[0] >= 10 && got[1] >= 10)
}
