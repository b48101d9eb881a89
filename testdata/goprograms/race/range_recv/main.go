// Command range_recv: a worker ranges over a buffer it receives from a channel while the producer, which sent the buffer, patches one byte of it afterwards; the send orders only what came before it, so the patch races with the loop's reads. The range expression <-ch is a receive, recorded where it is.
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
		for _, b := range <-ch { // race:buf
			sum += int(b)
		}
	})
	ch <- buf
	buf[5] = ';' // race:buf
	wg.Wait()
	fmt.Println(sum)
}
