// Command session_cache: three handlers look up sessions in a cache guarded by a sync.RWMutex and a janitor removes expired ones under the write lock; Get holds only the read lock but also records the hit and the last access time in the session, so two handlers that read the same session under the read lock (which excludes only the writer, not other readers) race on those fields: it races in the schedules in which two handlers' lookups of one session come with no janitor section between them (nearly all).
package main

import (
	"fmt"
	"sort"
	"sync"
)

// session is a logged-in user's state.
type session struct {
	user     string
	expires  int
	hits     int
	lastSeen int
}

// cache maps session tokens to sessions.
type cache struct {
	mu       sync.RWMutex
	sessions map[string]*session
}

// Get returns the session of token if it has not expired at time now.
func (c *cache) Get(token string, now int) (*session, bool) {
	c.mu.RLock()
	defer c.mu.RUnlock()
	s, ok := c.sessions[token]
	if !ok || s.expires <= now {
		return nil, false
	}
	s.hits++         // race:hits
	s.lastSeen = now // race:seen
	return s, true
}

// Expire removes the sessions that expired by now.
func (c *cache) Expire(now int) int {
	c.mu.Lock()
	defer c.mu.Unlock()
	n := 0
	for t, s := range c.sessions {
		if s.expires <= now {
			delete(c.sessions, t)
			n++
		}
	}
	return n
}

type request struct {
	token string
	at    int
}

func main() {
	c := &cache{sessions: map[string]*session{
		"t-ada":   {user: "ada", expires: 100},
		"t-bob":   {user: "bob", expires: 40},
		"t-cyd":   {user: "cyd", expires: 100},
		"t-dee":   {user: "dee", expires: 10},
		"t-guest": {user: "guest", expires: 100},
	}}
	handlers := [][]request{
		{{"t-ada", 1}, {"t-bob", 2}, {"t-guest", 3}, {"t-ada", 4}},
		{{"t-ada", 1}, {"t-cyd", 2}, {"t-dee", 30}, {"t-guest", 31}},
		{{"t-guest", 1}, {"t-zed", 2}, {"t-cyd", 50}, {"t-bob", 51}},
	}

	users := make([][]string, len(handlers))
	var wg sync.WaitGroup
	for i, reqs := range handlers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for _, r := range reqs {
				if s, ok := c.Get(r.token, r.at); ok {
					users[i] = append(users[i], s.user)
				} else {
					users[i] = append(users[i], "-")
				}
			}
		}()
	}
	wg.Add(1)
	go func() {
		defer wg.Done()
		c.Expire(20)
	}()
	wg.Wait()

	for i, u := range users {
		fmt.Printf("handler %d: %v\n", i, u)
	}
	left := make([]string, 0, len(c.sessions))
	for _, s := range c.sessions {
		left = append(left, s.user)
	}
	sort.Strings(left)
	fmt.Println("live sessions:", left)
}
