// Command order checks that rewriting keeps the meaning of tricky
// programs: its output must not change.
package main

import (
	"errors"
	"fmt"
	"iter"
	"os"
	"strings"
)

var trace []string

func note(s string) int {
	trace = append(trace, s)
	return len(trace)
}

func flush(name string) {
	fmt.Println(name+":", strings.Join(trace, ","))
	trace = trace[:0]
}

type node struct {
	val  int
	next *node
	arr  [3]int
}

// evalOrder checks that side-effecting operands are evaluated once and in
// order.
func evalOrder() {
	s := make([]int, 5)
	get := func() []int { note("get"); return s }
	idx := func(i int) int { note(fmt.Sprint("idx", i)); return i }
	get()[idx(1)] = idx(2) + idx(3)
	s[idx(0)], s[idx(4)] = idx(5), idx(6)
	s[idx(2)] += idx(7)
	s[idx(3)]++
	m := map[int]int{}
	m[idx(1)] += idx(2)
	fmt.Println("s", s, "m", m)
	fmt.Println("nested", s[idx(1)], get()[idx(2)], len(get()[idx(3):]))
	flush("order")
	i := 0
	i, s[i] = 2, 9 // index operand uses the old i
	fmt.Println("i", i, s)
	x, y := 1, 2
	x, y = y, x
	go func() { _ = x + y }()
	fmt.Println("swap", x, y)
}

// panics checks that hooks do not panic before the statement does, and
// that the statement's own panic is unchanged.
func panics() {
	try := func(name string, f func()) {
		defer func() {
			r := recover()
			fmt.Println(name, "recovered:", r != nil, trace)
			trace = trace[:0]
		}()
		f()
	}
	var p *node
	s := []int{1, 2}
	n := 5
	try("nil field write", func() { p.val = note("rhs") })
	try("index write", func() { s[n] = note("rhs") })
	try("nil deref read", func() { note("before"); _ = p.next.val })
	try("nil array", func() { p.arr[1] = note("rhs") })
	try("slice bound", func() { _ = s[note("lo"):n] })
	var m map[string]int
	try("nil map write", func() { m["k"] = note("rhs") })
	try("division", func() { z := 0; s[1/z] = note("rhs") })
}

// control checks goto, labels, fallthrough, switch, select and defers.
func control() (result int) {
	defer func() { result *= 2 }()
	k := 0
	go func() { _ = k }()
	i := 0
loop:
	if i < 3 {
		k += i
		i++
		goto loop
	}
outer:
	for j := 0; j < 5; j++ {
		switch {
		case j == k:
			continue outer
		case j > 3:
			break outer
		case j == 1:
			k++
			fallthrough
		default:
			k += 10
		}
	}
	ch := make(chan int, 1)
	arr := []int{0, 0}
	go func() { _ = arr }()
	ch <- k
	select {
	case arr[1] = <-ch:
	default:
	}
	switch v := any(k).(type) {
	case int:
		k = v + arr[1]
	}
	return k
}

// closures checks captured variables modified through closures.
func closures() {
	sum := 0
	var fs []func()
	for i := range 3 {
		fs = append(fs, func() { sum += i })
	}
	for _, f := range fs {
		f()
	}
	cnt := 0
	inc := func() int { cnt++; return cnt }
	if v := inc(); v == 1 && inc() == 2 {
		fmt.Println("closures", sum, cnt)
	}
	for j := 0; j < inc(); j += 2 {
		sum += j
	}
	fmt.Println("after loop", sum, cnt)
}

type number interface{ ~int | ~float64 }

// total is generic: hooks on type-parameter variables.
func total[T number](xs []T) T {
	var t T
	add := func(x T) { t += x }
	for _, x := range xs {
		add(x)
	}
	return t
}

type stack[T any] struct{ items []T }

func (s *stack[T]) push(v T) { s.items = append(s.items, v) }
func (s *stack[T]) pop() T {
	v := s.items[len(s.items)-1]
	s.items = s.items[:len(s.items)-1]
	return v
}

// seq is a range-over-func iterator.
func seq(n int) iter.Seq[int] {
	return func(yield func(int) bool) {
		for i := 0; i < n; i++ {
			if !yield(i) {
				return
			}
		}
	}
}

func rangeFunc() {
	acc := 0
	go func() { _ = acc }()
	for v := range seq(10) {
		if v == 5 {
			break
		}
		acc += v
	}
	fmt.Println("rangefunc", acc)
}

func shadowing() {
	x := 1
	go func() { _ = x }()
	{
		x := x + 1
		x++
		fmt.Println("inner", x)
	}
	if x := x * 10; x > 5 {
		fmt.Println("if", x)
	} else if y := x + 1; y > 0 {
		fmt.Println("else if", y)
	}
	x, err := 7, errors.New("e")
	fmt.Println("outer", x, err)
}

func methodValues() {
	st := &stack[string]{}
	push := st.push
	push("a")
	push("b")
	fmt.Println("pop", st.pop(), len(st.items))
	var n node
	go func() { _ = n }()
	n.val = 3
	f := n.arr
	f[0] = 1
	fmt.Println("node", n.val, f, n.arr)
}

func main() {
	evalOrder()
	panics()
	fmt.Println("control", control())
	closures()
	fmt.Println("total", total([]int{1, 2, 3}), total([]float64{0.5, 0.25}))
	rangeFunc()
	shadowing()
	methodValues()
	defer fmt.Println("deferred before exit is skipped")
	os.Exit(3)
}
