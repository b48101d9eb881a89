// Command embedded: a registry embeds sync.Mutex and its add method calls the promoted s.Lock/s.Unlock, but its has method reads the map without the lock, so the read races with the adds.
package main

import (
	"fmt"
	"sync"
)

type registry struct {
	sync.Mutex
	names map[string]bool
}

func (r *registry) add(name string) {
	r.Lock()
	r.names[name] = true // race:names
	r.Unlock()
}

// has should lock too.
func (r *registry) has(name string) bool {
	return r.names[name] // race:names
}

func main() {
	r := &registry{names: map[string]bool{}}
	var wg sync.WaitGroup
	for _, n := range []string{"x", "y"} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r.add(n)
		}()
	}
	wg.Add(1)
	seen := false
	go func() {
		defer wg.Done()
		seen = r.has("x")
	}()
	wg.Wait()
	if seen && len(r.names) == 0 {
		panic("x seen but not registered")
	}
	fmt.Println("registered", len(r.names))
}
