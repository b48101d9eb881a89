// Command read_fill: a goroutine fills a buffer with bytes.Buffer's Read (standard library code, which writes the buffer), and the parent reads the buffer after the goroutine sent how much it read.
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
		n, _ := src.Read(buf)
		done <- n
	}()
	n := <-done
	c := buf[0]
	fmt.Println(n, string(c))
}
