// Command named_result: a goroutine writes the function's named result, which the bare return reads before the goroutine is known to be done.
package main

import "fmt"

var done = make(chan bool, 1)

func compute() (x int) {
	go func() {
		x = 42 // race:x
		done <- true
	}()
	return // race:x
}

func main() {
	_ = compute()
	<-done
	fmt.Println("computed")
}
