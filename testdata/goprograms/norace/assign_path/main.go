// Command assign_path: the parent assigns what it receives to p.next.v and to m[k], where a goroutine replaced p.next and m just before sending; Go's compiler evaluates p.next and m after the receive, so those replacements are ordered before the stores, and the goroutine reads the stored values only after the parent said it stored them.
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
	stored := make(chan bool)
	go func() {
		p.next = &node{}
		m = map[string]int{}
		ch <- 1
		ch <- 2
		<-stored
		a := p.next.v
		done <- a + m["k"]
	}()
	p.next.v = <-ch
	m["k"] = <-ch
	stored <- true
	fmt.Println(<-done > 0)
}
