// Command subword: an Async and its parent write two different bytes of one 32-bit word through a byte view; the byte ranges do not overlap, so no race.
package main

import (
	"fmt"
	"unsafe"

	"github.com/tpinstr/tpinstr/rt/task"
)

func main() {
	task.Run(func(t *task.T) {
		var word uint32
		view := (*[4]byte)(unsafe.Pointer(&word))
		t.Finish(func(t *task.T) {
			t.Async(func(t *task.T) {
				view[2] = 0xff
			})
			view[0] = 0x01
		})
		fmt.Printf("%#x\n", word)
	})
}
