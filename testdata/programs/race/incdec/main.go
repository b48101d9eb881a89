// Command incdec: every ForAll iteration does hits++ (iterations are unordered siblings: pair a is that line against itself), and an Async and its parent both do left-- (pair b).
package main

import "github.com/tpinstr/tpinstr/rt/task"

// hits and left are the shared counters.
var hits, left int

func main() {
	task.Run(func(t *task.T) {
		t.ForAll(0, 3, func(t *task.T, i int) {
			hits++ // race:a
		})
		left = 2
		t.Async(func(t *task.T) {
			left-- // race:b
		})
		left-- // race:b
	})
}
