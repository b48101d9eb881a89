// Command assign_path: the parent assigns what it receives to p.next.v and to m[k], where a goroutine replaced p.next and m just before sending; Go's compiler evaluates p.next and m after the receive, so those replacements are ordered before the stores, but the goroutine reads the stored values after its send without waiting, and the reads race with the stores.
package main

import "fmt"

type node struct {
	v    int
	next *node
}

var (
	p = &node{next: &node{}}
	m = map[string]int{}
)

func main() {
	ch := make(chan int) // unbuffered: the receive is ordered before the send's completion only
	done := make(chan int)
	go func() {
		p.next = &node{}
		m = map[string]int{}
		ch <- 1
		a := p.next.v // race:path
		ch <- 2
		done <- a + m["k"] // race:map
	}()
	p.next.v = <-ch // race:path
	m["k"] = <-ch   // race:map
	fmt.Println(<-done > 0)
}
