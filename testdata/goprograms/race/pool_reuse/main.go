// Command pool_reuse: a goroutine puts a buffer back into a sync.Pool and then writes it again, while the parent, later, gets the buffer from the pool and writes it; the Put orders only what came before it.
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
		pool.Put(b)
		b.n = 2 // race:reuse
	}()
	time.Sleep(100 * time.Millisecond)
	c := pool.Get().(*buffer)
	c.n = 3 // race:reuse
	fmt.Println(c.n)
}
