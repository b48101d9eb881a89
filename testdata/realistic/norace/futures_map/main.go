// Command futures_map: one future per file name, kept in a map; each future writes its own entry of a result slice; all futures are got before the results are read; race-free.
package main

import (
	"fmt"
	"sort"
	"strings"

	"github.com/tpinstr/tpinstr/rt/task"
)

var files = map[string]string{
	"a.txt": "one two three",
	"b.txt": "four five",
	"c.txt": "six seven eight nine",
	"d.txt": "ten",
}

type stat struct {
	name  string
	words int
	chars int
}

func main() {
	names := make([]string, 0, len(files))
	for n := range files {
		names = append(names, n)
	}
	sort.Strings(names)
	stats := make([]stat, len(names))
	task.Run(func(t *task.T) {
		pending := map[string]*task.Future[int]{}
		for i, name := range names {
			pending[name] = task.NewFuture(t, func(t *task.T) int {
				text := files[name]
				stats[i] = stat{name: name, words: len(strings.Fields(text)), chars: len(text)}
				return stats[i].words
			})
		}
		total := 0
		for _, f := range pending {
			total += f.Get()
		}
		fmt.Println("total words", total)
		for _, s := range stats {
			fmt.Println(s.name, s.words, s.chars)
		}
	})
	fmt.Println("files", len(names))
	fmt.Println("done")
}
