// Command panicky panics on a line that the rewrite must keep: the panic
// message and its file:line in the trace must not change.
package main

import "fmt"

type box struct{ items []int }

var boxes = map[string]*box{}

func get(name string) int {
	b := boxes[name]
	return b.items[2]
}

func main() {
	boxes["a"] = &box{items: []int{1, 2, 3}}
	fmt.Println(get("a"))
	fmt.Println(get("b"))
}
