// Command select: the parent receives from two producers with a select; each producer sends its name with its value, and the parent, which alone writes the shared variable, records the sender after each receive.
package main

import (
	"fmt"
	"sort"
)

type msg struct {
	from string
	v    int
}

var lastSender string

func produceA(out chan<- msg) { out <- msg{"a", 1} }

func produceB(out chan<- msg) { out <- msg{"b", 2} }

func main() {
	as := make(chan msg)
	bs := make(chan msg)
	go produceA(as)
	go produceB(bs)

	var got []int
	for range 2 {
		select {
		case m := <-as:
			got = append(got, m.v)
			lastSender = m.from
		case m := <-bs:
			got = append(got, m.v)
			lastSender = m.from
		}
	}
	sort.Ints(got)
	fmt.Println("received", got)
	if lastSender != "" {
		fmt.Println("a sender was recorded")
	}
}
