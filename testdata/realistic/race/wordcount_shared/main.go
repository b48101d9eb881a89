// Command wordcount_shared: every task of a ForAll counts its lines straight into one shared map; the map writes of different tasks race.
package main

import (
	"fmt"
	"sort"
	"strings"

	"github.com/tpinstr/tpinstr/rt/task"
)

var text = []string{
	"the quick brown fox jumps over the lazy dog",
	"a stitch in time saves nine",
	"the early bird catches the worm",
	"all that glitters is not gold",
	"the pen is mightier than the sword",
	"actions speak louder than words",
}

// countInto adds the words of lines to counts.
func countInto(counts map[string]int, lines []string) {
	for _, l := range lines {
		for _, w := range strings.Fields(l) {
			counts[w]++ // race:a
		}
	}
}

func main() {
	const workers = 3
	per := len(text) / workers
	counts := map[string]int{}
	task.Run(func(t *task.T) {
		t.ForAll(0, workers, func(t *task.T, w int) {
			countInto(counts, text[w*per:(w+1)*per])
		})
	})
	words := make([]string, 0, len(counts))
	for w := range counts {
		words = append(words, w)
	}
	sort.Slice(words, func(i, j int) bool {
		if counts[words[i]] != counts[words[j]] {
			return counts[words[i]] > counts[words[j]]
		}
		return words[i] < words[j]
	})
	for _, w := range words[:3] {
		fmt.Println(w, counts[w])
	}
	fmt.Println("distinct", len(words))
	fmt.Println("workers", workers)
	fmt.Println("done")
}
