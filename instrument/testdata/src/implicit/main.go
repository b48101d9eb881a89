// Command implicit exercises the accesses that Go makes without naming the
// location in the statement: inside append, copy and conversions, at a
// bare return of named results, through embedded pointers of promoted
// methods, and by Lock and Unlock of a mutex; and the order of the write of
// an assignment whose right-hand side synchronises.
package main

import (
	"fmt"
	"reflect"
	"sync"
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

type node struct {
	val  int
	next *node
}

var (
	mu    sync.Mutex
	x     int
	table = map[int]int{}
	head  = &node{}
)

// locked locks mu, which its caller unlocks.
func locked() int {
	mu.Lock()
	return 1
}

// ordered assigns values that receives and calls produce: the writes, and
// the reads of the operands of the left-hand side, are hooked after the
// statement, where the compiler evaluates them (head.val, table[1]).
func ordered(c chan int) {
	x = <-c
	x += <-c
	table[1] = locked()
	mu.Unlock()
	local := &node{}
	local.val = <-c
	head.val = <-c
	x = <-c + x
}

// named returns a result that a goroutine writes: the bare return reads
// it, return n+1 writes it, and the plain result r has no hook.
func named(early bool) (n int, r int) {
	done := make(chan bool)
	go func() {
		n = 1
		done <- true
	}()
	<-done
	if early {
		return n + 1, 0
	}
	return
}

type inner struct{ v int }

func (in inner) value() int { return in.v }

func (in *inner) ptr() int { return in.v }

type outer struct {
	pad int
	inner
}

type outerPtr struct {
	pad int
	*inner
}

var (
	ov outer
	op = outerPtr{inner: &inner{v: 1}}
)

// promoted calls methods and reads a field promoted through embedded
// fields: the embedded pointer is read on the way, and a value receiver
// is copied.
func promoted() int {
	return ov.value() + op.value() + op.ptr() + op.v
}

// reflected reads and writes variables through package reflect.
func reflected() int {
	i := 0
	v := reflect.ValueOf(&i)
	v.Elem().Set(reflect.ValueOf(2))
	dst := make([]byte, 2)
	reflect.Copy(reflect.ValueOf(dst), reflect.ValueOf(bytesOf))
	return int(v.Elem().Int()) + int(dst[0])
}

func main() {
	appends([]int{3})
	c := make(chan int, 6)
	for i := range 6 {
		c <- i
	}
	ordered(c)
	n, _ := named(false)
	n += promoted()
	n += reflected()
	s, r, a := conversions()
	fmt.Println(len(shared), s, r, a, len(words), n)
}
