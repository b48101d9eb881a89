// Command select: the parent receives from two producers with a select; each producer records its name in a shared variable before sending, and nothing orders one producer's write before the other's.
package main

import (
	"fmt"
	"sort"
)

var lastSender string

func produceA(out chan<- int) {
	lastSender = "a" // race:last
	out <- 1
}

func produceB(out chan<- int) {
	lastSender = "b" // race:last
	out <- 2
}

func main() {
	as := make(chan int)
	bs := make(chan int)
	go produceA(as)
	go produceB(bs)

	var got []int
	for range 2 {
		select {
		case v := <-as:
			got = append(got, v)
		case v := <-bs:
			got = append(got, v)
		}
	}
	sort.Ints(got)
	fmt.Println("received", got)
	if lastSender != "" {
		fmt.Println("a sender was recorded")
	}
}
