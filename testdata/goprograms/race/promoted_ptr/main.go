// Command promoted_ptr: a goroutine calls a method promoted through an embedded pointer, which reads the embedded pointer field, while the parent replaces the embedding struct.
package main

import "fmt"

type base struct{ n int }

func (b *base) get() int { return b.n }

type derived struct {
	pad int
	*base
}

func main() {
	d := derived{base: &base{n: 1}}
	done := make(chan int, 1)
	go func() {
		done <- d.get() // race:embedded
	}()
	d = derived{base: &base{n: 1}} // race:embedded
	fmt.Println(<-done, d.pad)
}
