// Command wordcount: counts words of many lines in parallel; each task counts its lines into its own map and writes it to its own slot, and the maps are merged after the ForAll; race-free.
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
	"the best things in life are free",
	"where there is smoke there is fire",
}

// count returns the words of lines and their counts.
func count(lines []string) map[string]int {
	m := map[string]int{}
	for _, l := range lines {
		for _, w := range strings.Fields(l) {
			m[w]++
		}
	}
	return m
}

func main() {
	const workers = 4
	per := (len(text) + workers - 1) / workers
	local := make([]map[string]int, workers)
	task.Run(func(t *task.T) {
		t.ForAll(0, workers, func(t *task.T, w int) {
			lo := w * per
			hi := lo + per
			if hi > len(text) {
				hi = len(text)
			}
			if lo >= hi {
				local[w] = map[string]int{}
				return
			}
			local[w] = count(text[lo:hi])
		})
	})
	total := map[string]int{}
	for _, m := range local {
		for w, c := range m {
			total[w] += c
		}
	}
	words := make([]string, 0, len(total))
	for w := range total {
		words = append(words, w)
	}
	sort.Slice(words, func(i, j int) bool {
		if total[words[i]] != total[words[j]] {
			return total[words[i]] > total[words[j]]
		}
		return words[i] < words[j]
	})
	for _, w := range words[:3] {
		fmt.Println(w, total[w])
	}
}
