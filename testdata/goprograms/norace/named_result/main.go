// Command named_result: a goroutine writes the function's named result, and the function waits for it before the bare return reads the result.
package main

import "fmt"

var done = make(chan bool, 1)

func compute() (x int) {
	go func() {
		x = 42
		done <- true
	}()
	<-done
	return
}

func main() {
	fmt.Println(compute())
}
