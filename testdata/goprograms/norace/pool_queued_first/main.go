// Command pool_queued_first: the jobs are queued and the channel closed before three workers start; each worker squares its jobs into their own slots, and the parent counts them after Wait.
package main

import (
	"fmt"
	"sync"
)

type stats struct{ done int }

func work(jobs <-chan int, out []int, wg *sync.WaitGroup) {
	defer wg.Done()
	for j := range jobs {
		out[j] = j * j
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
		go work(jobs, out, &wg)
	}
	wg.Wait()
	sum := 0
	for _, v := range out {
		sum += v
		st.done++
	}
	fmt.Println(sum, st.done == n)
}
