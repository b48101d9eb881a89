// Command mutex_lookup: workers look up their prices in a table under a sync.Mutex, sections that only read once main has filled the table; the first worker notes its start before its lookups, and an auditor reads the note only after waiting for the workers. Every order of the sections is race-free; sections that only read do not order one another in the checked run, so one run stands for every order of them.
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
	var wg, work sync.WaitGroup
	for i, order := range orders {
		work.Add(1)
		go func() {
			defer work.Done()
			if i == 0 {
				p.note = "pricing started"
			}
			for _, item := range order {
				totals[i] += p.price(item)
			}
		}()
	}
	seen := 0
	wg.Add(1)
	go func() { // the auditor, usually last, waits for the workers
		defer wg.Done()
		if p.price("fig")+spin(30_000_000)&0 > 0 {
			work.Wait()
			seen = len(p.note)
		}
	}()
	wg.Wait()
	work.Wait()
	if seen >= 0 {
		fmt.Println(totals)
	}
}
