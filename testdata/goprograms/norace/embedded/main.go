// Command embedded: a registry embeds sync.Mutex and both its add and has methods call the promoted s.Lock/s.Unlock, so the sections of the one mutex exclude each other in every order.
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
	r.names[name] = true
	r.Unlock()
}

func (r *registry) has(name string) bool {
	r.Lock()
	defer r.Unlock()
	return r.names[name]
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
