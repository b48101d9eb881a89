// Command wg_go: tasks started with WaitGroup.Go (Go 1.25) fill disjoint slots, but the parent reads the slots before Wait, so its reads race with the tasks' writes.
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
			out[i] = shout(w) // race:slot
		})
	}
	// The progress line reads the slots while the tasks may still write them.
	done := 0
	for i := range out {
		if out[i] != "" { // race:slot
			done++
		}
	}
	wg.Wait()

	fmt.Println(strings.Join(out, " "))
	if done <= len(words) {
		fmt.Println("progress checked")
	}
}
