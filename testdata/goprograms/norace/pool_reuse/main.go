// Command pool_reuse: a goroutine writes a buffer and puts it back into a sync.Pool, and the parent, later, gets the buffer from the pool and writes it: the Put is ordered before the Get that returns the buffer, as the race detector orders them.
package main

import (
	"fmt"
	"sync"
	"time"
)

type buffer struct{ n int }

var pool = sync.Pool{New: func() any { return new(buffer) }}

func main() {
	go func() {
		b := pool.Get().(*buffer)
		b.n = 1
		b.n = 2
		pool.Put(b)
	}()
	time.Sleep(100 * time.Millisecond)
	c := pool.Get().(*buffer)
	c.n = 3
	fmt.Println(c.n)
}
