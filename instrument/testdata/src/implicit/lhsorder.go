package main

import "sync"

// The operands of the left-hand side of an assignment whose right-hand
// side synchronises are evaluated after it, by the compiler: their reads
// and the write are hooked after the statement.

type link struct {
	v    int
	next *link
}

var (
	lmu   sync.Mutex
	chain = &link{next: &link{}}
	slots = []int{0, 0}
	slot  = 1
	byKey = map[string]int{}
)

// next locks lmu, which its caller unlocks, and returns a value.
func next() int {
	lmu.Lock()
	return 2
}

// key returns the key of an entry.
func key() string { return "k" }

func lhsOrder(c chan int) {
	chain.next.v = next()
	lmu.Unlock()
	slots[slot] += next()
	lmu.Unlock()
	byKey["a"] = <-c
	var ok bool
	chain.next.v, ok = <-c
	_ = ok
	byKey[key()] = <-c // the call key() comes first: hooked before
	p := chain
	p.next.v = <-c
}

func init() {
	c := make(chan int, 4)
	for i := range 4 {
		c <- i
	}
	lhsOrder(c)
}
