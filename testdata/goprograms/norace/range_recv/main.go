// Command range_recv: the race-free twin of race/range_recv: the producer patches the buffer before it sends it, so the send orders the patch before the loop's reads.
package main

import (
	"fmt"
	"sync"
)

func main() {
	buf := []byte("hello, world")
	ch := make(chan []byte, 1)
	var wg sync.WaitGroup
	sum := 0
	wg.Go(func() {
		for _, b := range <-ch {
			sum += int(b)
		}
	})
	buf[5] = ';'
	ch <- buf
	wg.Wait()
	fmt.Println(sum)
}
