// Command parallel_map: a generic ParallelMap[T, U any] splits its input into chunks, hands each goroutine the sub-slices in[lo:hi] and out[lo:hi], and calls a per-element helper that reads a lookup table shared by all goroutines; the chunks are disjoint (hi = lo + size), so every element of out is written by one goroutine, and the lookup table is only read: no race.
package main

import (
	"fmt"
	"strings"
	"sync"
)

// ParallelMap applies f to every element of in, using at most workers
// goroutines, and returns the results in order.
func ParallelMap[T, U any](in []T, workers int, f func(T) U) []U {
	out := make([]U, len(in))
	if len(in) == 0 {
		return out
	}
	size := (len(in) + workers - 1) / workers
	var wg sync.WaitGroup
	for lo := 0; lo < len(in); lo += size {
		hi := min(lo+size, len(in))
		wg.Add(1)
		go func(src []T, dst []U) {
			defer wg.Done()
			mapChunk(src, dst, f)
		}(in[lo:hi], out[lo:hi])
	}
	wg.Wait()
	return out
}

// mapChunk applies f to each element of src into dst.
func mapChunk[T, U any](src []T, dst []U, f func(T) U) {
	for i, v := range src {
		dst[i] = f(v)
	}
}

// scores is a lookup table of letter scores, read by every goroutine.
var scores = buildScores()

func buildScores() [26]int {
	var s [26]int
	for i, group := range []string{"aeilnorstu", "dg", "bcmp", "fhvwy", "k", "", "", "jx", "", "qz"} {
		for _, c := range group {
			s[c-'a'] = i + 1
		}
	}
	return s
}

// wordScore is the score of a word, from the shared table.
func wordScore(w string) int {
	total := 0
	for _, c := range strings.ToLower(w) {
		if c >= 'a' && c <= 'z' {
			total += scores[c-'a']
		}
	}
	return total
}

// scored is a word with its score.
type scored struct {
	word  string
	score int
}

func main() {
	text := "the quick brown fox jumps over the lazy dog while a zealous " +
		"wizard quietly mixes jam for seven hungry knights"
	words := strings.Fields(text)

	results := ParallelMap(words, 3, func(w string) scored {
		return scored{word: w, score: wordScore(w)}
	})
	best := results[0]
	total := 0
	for _, r := range results {
		total += r.score
		if r.score > best.score {
			best = r
		}
	}
	fmt.Println("words:", len(results))
	fmt.Println("total score:", total)
	fmt.Printf("best: %s (%d)\n", best.word, best.score)

	lengths := ParallelMap([]int{3, 1, 4, 1, 5, 9, 2, 6}, 4, func(n int) string {
		return strings.Repeat("*", n)
	})
	fmt.Println(strings.Join(lengths, " "))
}
