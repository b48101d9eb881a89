// Command pool_queued_first: the jobs are queued and the channel closed before three workers start; each worker squares its jobs into their own slots but also counts them in a shared counter without a lock.
package main

import (
	"fmt"
	"sync"
)

type stats struct{ done int }

func work(jobs <-chan int, out []int, st *stats, wg *sync.WaitGroup) {
	defer wg.Done()
	for j := range jobs {
		out[j] = j * j
		st.done++ // race:count
	}
}

func main() {
	const n = 16
	jobs := make(chan int, n)
	for i := range n {
		jobs <- i
	}
	close(jobs)
	out := make([]int, n)
	var st stats
	var wg sync.WaitGroup
	for range 3 {
		wg.Add(1)
		go work(jobs, out, &st, &wg)
	}
	wg.Wait()
	sum := 0
	for _, v := range out {
		sum += v
	}
	fmt.Println(sum, st.done == n)
}
