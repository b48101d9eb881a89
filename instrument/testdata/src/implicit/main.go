// Command implicit exercises the accesses that Go makes without naming the
// location in the statement: inside append, copy and conversions, at a
// bare return of named results, through embedded pointers of promoted
// methods, and by Lock and Unlock of a mutex; and the order of the write of
// an assignment whose right-hand side synchronises.
package main

import (
	"fmt"
)

var (
	shared  = make([]int, 2, 4)
	bytesOf = []byte("hello")
	runesOf = []rune("hi")
	words   []string
)

func appends(extra []int) {
	_ = append(shared, 1)
	_ = append(shared, extra...)
	words = append(words, "w")
	var b []byte
	b = append(b, "tail"...)
	_ = b
}

func conversions() (string, string, [2]byte) {
	s := string(bytesOf)
	r := string(runesOf)
	a := [2]byte(bytesOf)
	return s, r, a
}

func main() {
	appends([]int{3})
	s, r, a := conversions()
	fmt.Println(len(shared), s, r, a, len(words))
}
