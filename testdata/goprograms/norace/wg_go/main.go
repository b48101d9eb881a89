// Command wg_go: tasks started with WaitGroup.Go (Go 1.25) fill disjoint slots, and the parent reads the slots only after Wait, which every task's end happens before.
package main

import (
	"fmt"
	"strings"
	"sync"
)

// shout is the work of one task.
func shout(s string) string { return strings.ToUpper(s) + "!" }

func main() {
	words := []string{"go", "wait", "group"}
	out := make([]string, len(words))

	var wg sync.WaitGroup
	for i, w := range words {
		wg.Go(func() {
			out[i] = shout(w)
		})
	}
	wg.Wait()
	done := 0
	for i := range out {
		if out[i] != "" {
			done++
		}
	}

	fmt.Println(strings.Join(out, " "))
	if done <= len(words) {
		fmt.Println("progress checked")
	}
}
