// Command call_field: a snapshot reads the version of the current configuration through a method call, after an atomic load, inside a composite literal; a reloader goroutine bumps the version of that same configuration in place, outside the lock, so the read and the write race.
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

type stats struct {
	served  int64
	version int
}

func (s *server) stats() stats {
	return stats{
		served:  s.served.Load(),
		version: s.current().version, // race:v
	}
}

func main() {
	s := &server{cur: &config{version: 1}}
	done := make(chan bool)
	go func() {
		c := s.current()
		c.version++ // race:v
		done <- true
	}()
	st := s.stats()
	<-done
	fmt.Println(st.served, st.version > 0)
}
