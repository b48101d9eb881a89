package main

import "fmt"

// Per-element helpers (callee.go): the loops that call them get the range
// hooks of the helpers' accesses, and call variants without hooks.

func loadAt(xs []int, i int) int { return xs[i] }

func storeAt(ys []int, i, v int) { ys[i] = v }

func total(c []int) int {
	n := 0
	for k := range c {
		n += c[k]
	}
	return n
}

// evalPart sets ys[i] to total(c) + 2*xs[i] for i from lo to hi-1.
func evalPart(c, xs, ys []int, lo, hi int) {
	for i := lo; i < hi; i++ {
		storeAt(ys, i, total(c)+2*loadAt(xs, i))
	}
}

// sumAll adds every element of xs through the helper: no flag.
func sumAll(xs []int) (n int) {
	for i := range xs {
		n += loadAt(xs, i)
	}
	return n
}

// fixed reads xs[k] at an index that is not the loop's: every hook stays.
func fixed(xs, ys []int, k int) {
	for i := range ys {
		storeAt(ys, i, loadAt(xs, k))
	}
}

// calleeDemo runs the helpers' loops, one of them into a panic part-way.
func calleeDemo() {
	c, xs, ys := []int{1, 2}, []int{1, 2, 3, 4, 5}, make([]int, 5)
	evalPart(c, xs, ys, 1, 4)
	fmt.Println(ys, sumAll(xs), sumAll(nil))
	fixed(xs, ys, 2)
	fmt.Println(ys, sumOther(xs), sumTotals(c, 3), sumTotals(c, 0))
	func() {
		defer func() { fmt.Println("recovered:", recover() != nil, ys) }()
		evalPart(c, xs, ys[:3], 0, 5) // panics at i = 3
	}()
}
