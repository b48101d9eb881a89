// Command map_insert: four workers store their word counts in a map under a mutex, each under its own key, and a reporter stores its own entry; the first worker sets the status line outside the lock before its insert, and the reporter reads it only after waiting for the workers. Every order of the sections is race-free; the inserts under distinct keys commute, so one checked run stands for every order of them.
package main

import (
	"fmt"
	"sort"
	"strings"
	"sync"
)

// spin computes for a while, so that the reporter usually stores after
// the workers.
func spin(n int) int {
	h := 0
	for i := 0; i < n; i++ {
		h = h*31 + i
	}
	return h
}

type collector struct {
	mu      sync.Mutex
	results map[string]int
	status  string
}

// store records n under name.
func (c *collector) store(name string, n int) {
	c.mu.Lock()
	c.results[name] = n
	c.mu.Unlock()
}

func main() {
	docs := map[string]string{
		"a": "the quick brown fox",
		"b": "jumps over",
		"c": "the lazy dog",
		"d": "and runs away again",
	}
	c := &collector{results: map[string]int{}}
	var wg, work sync.WaitGroup
	for _, name := range []string{"a", "b", "c", "d"} {
		work.Add(1)
		go func() {
			defer work.Done()
			if name == "a" {
				c.status = "counting"
			}
			c.store(name, len(strings.Fields(docs[name])))
		}()
	}
	seen := 0
	wg.Add(1)
	go func() { // the reporter, usually last, waits for the workers
		defer wg.Done()
		c.store("report", spin(30_000_000)&0)
		work.Wait()
		seen = len(c.status)
	}()
	wg.Wait()

	names := make([]string, 0, len(c.results))
	for name := range c.results {
		names = append(names, name)
	}
	sort.Strings(names)
	if seen >= 0 {
		fmt.Println(names, c.results["a"]+c.results["b"]+c.results["c"]+c.results["d"])
	}
}
