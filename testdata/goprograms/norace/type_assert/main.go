// Command type_assert: handlers kept in a map of interface values; a goroutine reads a counter field through a type assertion (h.(*counter).hits) and main bumps it through another one only after receiving what the goroutine sent, which orders the read before the write.
package main

import "fmt"

type counter struct {
	name string
	hits int
}

func main() {
	handlers := map[string]any{"index": &counter{name: "index"}}
	done := make(chan int)
	go func() {
		done <- handlers["index"].(*counter).hits
	}()
	seen := <-done
	handlers["index"].(*counter).hits++
	fmt.Println(handlers["index"].(*counter).name, seen >= 0)
}
