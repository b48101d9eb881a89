// Package lru provides a fixed-size, least-recently-used cache.
package lru

import (
	"container/list"
	"sync"
)

// EvictFunc is called with each entry the cache drops to make room.
type EvictFunc[K comparable, V any] func(key K, value V)

type entry[K comparable, V any] struct {
	key   K
	value V
}

// counters are the cache's statistics. They are guarded by the cache's
// lock.
type counters struct {
	hits, misses, evictions uint64
}

// Stats is a copy of a cache's counters.
type Stats struct {
	Hits, Misses, Evictions uint64
	Len                     int
}

// Cache is a thread-safe LRU cache holding at most cap entries.
type Cache[K comparable, V any] struct {
	sync.Mutex
	counters

	cap     int
	ll      *list.List
	items   map[K]*list.Element
	onEvict EvictFunc[K, V]
}

// New returns a cache that holds up to capacity entries. onEvict may be
// nil; it is called with the cache's lock held, so it must not call back
// into the cache.
func New[K comparable, V any](capacity int, onEvict EvictFunc[K, V]) *Cache[K, V] {
	if capacity < 1 {
		panic("lru: capacity must be at least 1")
	}
	return &Cache[K, V]{
		cap:     capacity,
		ll:      list.New(),
		items:   make(map[K]*list.Element, capacity),
		onEvict: onEvict,
	}
}

// Get returns the value stored for key and marks it most recently used.
func (c *Cache[K, V]) Get(key K) (V, bool) {
	c.Lock()
	defer c.Unlock()
	if el, ok := c.items[key]; ok {
		c.ll.MoveToFront(el)
		c.hits++
		return el.Value.(*entry[K, V]).value, true
	}
	c.misses++
	var zero V
	return zero, false
}

// Put stores value for key, evicting the least recently used entry if
// the cache is full.
func (c *Cache[K, V]) Put(key K, value V) {
	c.Lock()
	defer c.Unlock()
	if el, ok := c.items[key]; ok {
		el.Value.(*entry[K, V]).value = value
		c.ll.MoveToFront(el)
		return
	}
	c.items[key] = c.ll.PushFront(&entry[K, V]{key, value})
	if c.ll.Len() > c.cap {
		c.removeOldest()
	}
}

// removeOldest drops the least recently used entry. c's lock must be held.
func (c *Cache[K, V]) removeOldest() {
	el := c.ll.Back()
	if el == nil {
		return
	}
	e := c.ll.Remove(el).(*entry[K, V])
	delete(c.items, e.key)
	c.evictions++
	if c.onEvict != nil {
		c.onEvict(e.key, e.value)
	}
}

// GetOrLoad returns the cached value for key, or calls load, caches its
// result and returns it. load runs without the lock held, so two callers
// may both load the same key; the last one wins.
func (c *Cache[K, V]) GetOrLoad(key K, load func(K) (V, error)) (V, error) {
	if v, ok := c.Get(key); ok {
		return v, nil
	}
	v, err := load(key)
	if err != nil {
		return v, err
	}
	c.Put(key, v)
	return v, nil
}

// Loader returns a function that reads through the cache with load.
func (c *Cache[K, V]) Loader(load func(K) (V, error)) func(K) (V, error) {
	return func(key K) (V, error) { return c.GetOrLoad(key, load) }
}

// Keys returns the keys from most to least recently used.
func (c *Cache[K, V]) Keys() []K {
	c.Lock()
	defer c.Unlock()
	keys := make([]K, 0, c.ll.Len())
	for el := c.ll.Front(); el != nil; el = el.Next() {
		keys = append(keys, el.Value.(*entry[K, V]).key)
	}
	return keys
}

// Stats returns a snapshot of the cache's counters.
func (c *Cache[K, V]) Stats() Stats {
	c.Lock()
	defer c.Unlock()
	return Stats{Hits: c.hits, Misses: c.misses, Evictions: c.evictions, Len: c.ll.Len()}
}
