// Package dedup collapses concurrent loads of the same key into one call,
// and remembers successful results for a while.
package dedup

import (
	"errors"
	"fmt"
	"sync"
	"time"
)

// call is one load in flight or done.
type call[V any] struct {
	wg   sync.WaitGroup
	val  V
	err  error
	dups int
}

// Result is what Load returns besides the value.
type Result struct {
	Shared bool // other callers got the same result
	Cached bool // the value came from the cache, no load ran
}

type cached[V any] struct {
	val     V
	expires time.Time
}

// Loader deduplicates calls of Fetch per key.
type Loader[V any] struct {
	Fetch func(key string) (V, error)
	TTL   time.Duration

	mu       sync.Mutex
	inflight map[string]*call[V]
	cache    map[string]cached[V]
	loads    int
}

// ErrPanicked is returned to every waiter when Fetch panics.
var ErrPanicked = errors.New("dedup: fetch panicked")

// Load returns the value for key, calling Fetch at most once for all the
// callers that ask for key while a call is running.
func (l *Loader[V]) Load(key string) (V, Result, error) {
	l.mu.Lock()
	if l.inflight == nil {
		l.inflight = make(map[string]*call[V])
		l.cache = make(map[string]cached[V])
	}
	if e, ok := l.cache[key]; ok && time.Now().Before(e.expires) {
		l.mu.Unlock()
		return e.val, Result{Cached: true}, nil
	}
	if c, ok := l.inflight[key]; ok {
		c.dups++
		l.mu.Unlock()
		c.wg.Wait()
		return c.val, Result{Shared: true}, c.err
	}
	c := new(call[V])
	c.wg.Add(1)
	l.inflight[key] = c
	l.loads++
	l.mu.Unlock()

	l.doCall(c, key)
	shared := c.dups > 0

	l.mu.Lock()
	delete(l.inflight, key)
	if c.err == nil && l.TTL > 0 {
		l.cache[key] = cached[V]{val: c.val, expires: time.Now().Add(l.TTL)}
	}
	l.mu.Unlock()
	return c.val, Result{Shared: shared}, c.err
}

// doCall runs Fetch and wakes the waiters, even if Fetch panics.
func (l *Loader[V]) doCall(c *call[V], key string) {
	defer c.wg.Done()
	defer func() {
		if r := recover(); r != nil {
			c.err = fmt.Errorf("%w: %v", ErrPanicked, r)
		}
	}()
	c.val, c.err = l.Fetch(key)
}

// Forget drops key from the cache, so that the next Load fetches it again.
func (l *Loader[V]) Forget(key string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	delete(l.cache, key)
}

// Loads returns how many times Fetch was called.
func (l *Loader[V]) Loads() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.loads
}
