// Command std_buffer: three workers format their results into one shared strings.Builder with fmt.Fprintf and count them with a bytes.Buffer's WriteByte, without a lock; the writes happen inside package fmt and package bytes, which are not rewritten, and race on the builder's and the buffer's fields in every schedule, as Go's race detector (which instruments the standard library) reports.
package main

import (
	"bytes"
	"fmt"
	"strings"
	"sync"
)

func square(n int) int { return n * n }

func main() {
	var report strings.Builder
	var ticks bytes.Buffer
	var wg sync.WaitGroup
	for w := 1; w <= 3; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			fmt.Fprintf(&report, "worker %d: %d\n", w, square(w)) // race:report
			ticks.WriteByte('.')                                  // race:ticks
		}()
	}
	wg.Wait()
	fmt.Println(len(report.String()) > 0, ticks.Len())
}
