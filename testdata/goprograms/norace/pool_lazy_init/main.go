// Command pool_lazy_init: four workers take job indices from a channel and score words against a table built before they start; each writes only the slot of its job.
package main

import (
	"fmt"
	"strings"
	"sync"
)

var table map[byte]int

// build makes the table of letter values.
func build() {
	t := map[byte]int{}
	for i := range 26 {
		t['a'+byte(i)] = i + 1
	}
	table = t
}

// score sums the letter values of w.
func score(w string) int {
	s := 0
	for i := range len(w) {
		s += table[w[i]]
	}
	return s
}

func main() {
	words := strings.Fields("the quick brown fox jumps over the lazy dog again and again")
	scores := make([]int, len(words))
	build()
	jobs := make(chan int)
	var wg sync.WaitGroup
	for range 4 {
		wg.Go(func() {
			for i := range jobs {
				scores[i] = score(words[i])
			}
		})
	}
	for i := range words {
		jobs <- i
	}
	close(jobs)
	wg.Wait()
	total := 0
	for _, s := range scores {
		total += s
	}
	fmt.Println(len(words), total)
}
