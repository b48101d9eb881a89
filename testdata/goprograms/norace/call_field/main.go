// Command call_field: a snapshot reads the version of the current configuration through a method call, after an atomic load, inside a composite literal; the reloader goroutine installs a new configuration under the lock instead of changing the current one, so nothing races.
package main

import (
	"fmt"
	"sync"
	"sync/atomic"
)

type config struct{ version int }

type server struct {
	mu     sync.Mutex
	cur    *config
	served atomic.Int64
}

func (s *server) current() *config {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.cur
}

func (s *server) install(c *config) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.cur = c
}

type stats struct {
	served  int64
	version int
}

func (s *server) stats() stats {
	return stats{
		served:  s.served.Load(),
		version: s.current().version,
	}
}

func main() {
	s := &server{cur: &config{version: 1}}
	done := make(chan bool)
	go func() {
		c := s.current()
		s.install(&config{version: c.version + 1})
		done <- true
	}()
	st := s.stats()
	<-done
	fmt.Println(st.served, st.version > 0)
}
