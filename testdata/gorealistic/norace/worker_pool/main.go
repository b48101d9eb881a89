// Command worker_pool: a pool of workers reads jobs from a channel and sends results on another, which a closer goroutine closes after the WaitGroup's Wait; each worker writes its per-worker tally slot before its wg.Done, so Done → Wait → close → the end of main's range orders every slot's write before main reads the tallies: no race.
package main

import (
	"fmt"
	"sort"
	"sync"
)

// job is one range of numbers whose primes are to be counted.
type job struct {
	id     int
	lo, hi int
}

// result is the number of primes in one job's range.
type result struct {
	id     int
	primes int
}

// isPrime reports whether n is prime, by trial division.
func isPrime(n int) bool {
	if n < 2 {
		return false
	}
	for d := 2; d*d <= n; d++ {
		if n%d == 0 {
			return false
		}
	}
	return true
}

// countPrimes counts the primes in [lo, hi).
func countPrimes(lo, hi int) int {
	c := 0
	for n := lo; n < hi; n++ {
		if isPrime(n) {
			c++
		}
	}
	return c
}

// worker counts the primes of each job it receives and records how many
// jobs it handled in tally[w].
func worker(w int, jobs <-chan job, results chan<- result, tally []int, wg *sync.WaitGroup) {
	defer wg.Done()
	handled := 0
	for j := range jobs {
		results <- result{id: j.id, primes: countPrimes(j.lo, j.hi)}
		handled++
	}
	tally[w] = handled
}

func main() {
	const (
		workers = 3
		jobSize = 500
		nJobs   = 12
	)
	jobs := make(chan job)
	results := make(chan result, 4)
	tally := make([]int, workers)

	var wg sync.WaitGroup
	wg.Add(workers)
	for w := 0; w < workers; w++ {
		go worker(w, jobs, results, tally, &wg)
	}
	go func() {
		wg.Wait()
		close(results)
	}()
	go func() {
		for i := 0; i < nJobs; i++ {
			jobs <- job{id: i, lo: i * jobSize, hi: (i + 1) * jobSize}
		}
		close(jobs)
	}()

	byJob := make([]int, nJobs)
	for r := range results {
		byJob[r.id] = r.primes
	}

	handled := 0
	for _, n := range tally {
		handled += n
	}

	total := 0
	for _, p := range byJob {
		total += p
	}
	ids := make([]int, 0, nJobs)
	for i := range byJob {
		ids = append(ids, i)
	}
	sort.Ints(ids)
	for _, i := range ids[:3] {
		fmt.Printf("job %d: %d primes\n", i, byJob[i])
	}
	fmt.Printf("%d primes below %d\n", total, nJobs*jobSize)
	if handled <= nJobs {
		fmt.Println("jobs accounted for")
	}
}
