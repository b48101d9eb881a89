// Command pool_lazy_init: four workers take job indices from a channel and score words against a table that the first job to need it builds, without a lock; two workers can build it, or read it while another builds it, whichever worker takes which job.
package main

import (
	"fmt"
	"strings"
	"sync"
)

var table map[byte]int

// score sums the letter values of w, building the table on first use.
func score(w string) int {
	if table == nil { // race:init
		t := map[byte]int{}
		for i := range 26 {
			t['a'+byte(i)] = i + 1 // race:fill
		}
		table = t // race:init
	}
	s := 0
	for i := range len(w) {
		s += table[w[i]] // race:fill
	}
	return s
}

func main() {
	words := strings.Fields("the quick brown fox jumps over the lazy dog again and again")
	scores := make([]int, len(words))
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
