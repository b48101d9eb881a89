// Command config_swap: request handlers load the current configuration from an atomic.Pointer and count what they accept and reject in atomic counters, while a reloader publishes a new configuration with Store; the reloader fills in the new configuration (a larger body limit, one more banned client) before the Store, and the Store → Load edge orders that before every read of a handler that loads it: no race.
package main

import (
	"fmt"
	"sync"
	"sync/atomic"
)

// config is the server's configuration; a published config is immutable.
type config struct {
	version int
	maxBody int
	banned  []string
}

// server handles requests under the current configuration.
type server struct {
	cfg      atomic.Pointer[config]
	accepted atomic.Int64
	rejected atomic.Int64
}

// request is one incoming request.
type request struct {
	client string
	body   int
}

// handle accepts or rejects one request under the current configuration.
func (s *server) handle(r request) {
	cfg := s.cfg.Load()
	for _, b := range cfg.banned {
		if b == r.client {
			s.rejected.Add(1)
			return
		}
	}
	if r.body > cfg.maxBody {
		s.rejected.Add(1)
		return
	}
	s.accepted.Add(1)
}

// reload publishes a configuration with a larger body limit and one more
// banned client.
func (s *server) reload() {
	old := s.cfg.Load()
	next := &config{version: old.version + 1, maxBody: old.maxBody * 2, banned: old.banned}
	next.banned = append(next.banned[:len(next.banned):len(next.banned)], "trudy")
	s.cfg.Store(next)
}

func main() {
	s := &server{}
	s.cfg.Store(&config{version: 1, maxBody: 1024, banned: []string{"mallory"}})

	reqs := []request{
		{"alice", 100}, {"bob", 900}, {"mallory", 10}, {"carol", 512},
		{"dave", 4000}, {"alice", 1000}, {"erin", 0}, {"bob", 64},
		{"frank", 300}, {"mallory", 700}, {"grace", 1024}, {"heidi", 5000},
	}
	var wg sync.WaitGroup
	const handlers = 3
	for h := 0; h < handlers; h++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := h; i < len(reqs); i += handlers {
				s.handle(reqs[i])
			}
		}()
	}
	wg.Add(1)
	go func() {
		defer wg.Done()
		s.reload()
	}()
	wg.Wait()

	fmt.Println("accepted:", s.accepted.Load())
	fmt.Println("rejected:", s.rejected.Load())
	fmt.Println("config version:", s.cfg.Load().version)
}
