// Command mutex_lookup: workers look up their prices in a table under a sync.Mutex, sections that only read once main has filled the table; the first worker notes its start outside the lock before its lookups, and an auditor, which computes for a while first, reads the note after its own lookup. When the worker's sections come first, as they almost always do, the mutex orders the write before the read; when the auditor's comes first, they race. Go's -race sees only the usual order; sections that only read do not order one another in the checked run, so one run stands for every order of them and reports the race.
package main

import (
	"fmt"
	"sync"
)

// spin computes for a while, so that the auditor usually looks up after
// the workers.
func spin(n int) int {
	h := 0
	for i := 0; i < n; i++ {
		h = h*31 + i
	}
	return h
}

type prices struct {
	mu    sync.Mutex
	table map[string]int
	note  string
}

// price returns the price of item, or -1.
func (p *prices) price(item string) int {
	p.mu.Lock()
	defer p.mu.Unlock()
	v, ok := p.table[item]
	if !ok {
		return -1
	}
	return v
}

func main() {
	p := &prices{table: map[string]int{"apple": 3, "pear": 4, "plum": 2, "fig": 7}}
	orders := [][]string{{"apple", "pear"}, {"plum", "fig", "apple"}, {"pear"}}
	totals := make([]int, len(orders))
	var wg sync.WaitGroup
	for i, order := range orders {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if i == 0 {
				p.note = "pricing started" // race:note
			}
			for _, item := range order {
				totals[i] += p.price(item)
			}
		}()
	}
	seen := 0
	wg.Add(1)
	go func() { // the auditor, usually last
		defer wg.Done()
		if p.price("fig")+spin(30_000_000)&0 > 0 {
			seen = len(p.note) // race:note
		}
	}()
	wg.Wait()
	if seen >= 0 {
		fmt.Println(totals)
	}
}
