// Command type_assert: handlers kept in a map of interface values; a goroutine reads a counter field through a type assertion (h.(*counter).hits) while main bumps it through another one, with nothing ordering the two.
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
		done <- handlers["index"].(*counter).hits // race:hits
	}()
	handlers["index"].(*counter).hits++ // race:hits
	seen := <-done
	fmt.Println(handlers["index"].(*counter).name, seen >= 0)
}
