// Command mutex_value_recv: Registry embeds sync.Mutex and locks it with the promoted r.Lock(); its Label method has a pointer receiver, so calling it reads only the label, which nothing writes, while a goroutine's Add locks and unlocks the mutex: no race.
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
	r.Lock()
	r.items[k]++
	r.Unlock()
}

// Label returns the registry's label.
func (r *Registry) Label() string { return r.label }

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
	l := s.Registry.Label()
	wg.Wait()
	fmt.Println(l, s.items["a"])
}
