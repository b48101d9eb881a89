// Command mutex_value_recv: Registry embeds sync.Mutex and locks it with the promoted r.Lock(); its Label method has a value receiver, so calling it on the Server's embedded Registry copies the mutex while a goroutine's Add locks and unlocks it: the copy reads the mutex's words that Lock and Unlock write (go vet's copylocks), a race. Nothing writes the label field, so only the promoted Lock marks the embedded mutex as written.
package main

import (
	"fmt"
	"sync"
)

// Registry counts items under its embedded mutex.
type Registry struct {
	sync.Mutex
	items map[string]int
	label string
}

// Add counts k.
func (r *Registry) Add(k string) {
	r.Lock() // race:copy
	r.items[k]++
	r.Unlock() // race:unlock
}

// Label returns the registry's label.
func (r Registry) Label() string { return r.label }

// Server serves a registry.
type Server struct {
	Registry
	name string
}

func main() {
	s := &Server{Registry: Registry{items: map[string]int{}, label: "reg"}, name: "s"}
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		s.Add("a")
	}()
	l := s.Registry.Label() // race:copy,unlock
	wg.Wait()
	fmt.Println(l, s.items["a"])
}
