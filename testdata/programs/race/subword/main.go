// Command subword: an Async writes byte 2 of a 32-bit word through a byte view while the parent reads the whole word; the accesses overlap in one byte, so they race.
package main

import (
	"unsafe"

	"github.com/tpinstr/tpinstr/rt/task"
)

// observed keeps what the root task read, so the read is not dead code.
var observed uint32

func main() {
	task.Run(func(t *task.T) {
		var word uint32
		view := (*[4]byte)(unsafe.Pointer(&word))
		t.Async(func(t *task.T) {
			view[2] = 0xff // race:a
		})
		observed = word // race:a
	})
}
