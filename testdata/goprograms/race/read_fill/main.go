// Command read_fill: a goroutine fills a buffer with bytes.Buffer's Read (standard library code, which writes the buffer) while the parent reads the buffer; nothing orders the two.
package main

import (
	"bytes"
	"fmt"
)

func main() {
	src := bytes.NewBufferString("hello, world")
	buf := make([]byte, 5)
	done := make(chan int)
	go func() {
		n, _ := src.Read(buf) // race:fill
		done <- n
	}()
	c := buf[0] // race:fill
	n := <-done
	_ = c
	fmt.Println(n)
}
