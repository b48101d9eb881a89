// Command std_buffer: three workers format their results into one shared strings.Builder with fmt.Fprintf and count them with a bytes.Buffer's WriteByte, under a mutex; main reads both after the WaitGroup's Wait: the lock orders the writes made inside package fmt and package bytes, and Done → Wait orders them before main's reads: no race.
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
	var mu sync.Mutex
	var wg sync.WaitGroup
	for w := 1; w <= 3; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			mu.Lock()
			fmt.Fprintf(&report, "worker %d: %d\n", w, square(w))
			ticks.WriteByte('.')
			mu.Unlock()
		}()
	}
	wg.Wait()
	fmt.Println(len(report.String()) > 0, ticks.Len())
}
