// Package main exercises the accesses the rewriter hooks.
package main

import (
	"fmt"
	"os"
)

var counter int // package-level: always shared

type point struct {
	x, y int
	next *point
}

type pair struct {
	a [4]int
	m map[string]int
}

func (p *point) move(dx int) { p.x += dx }

func (p point) sum() int { return p.x + p.y }

func locals() int {
	n := 0 // never leaves the function: no hook
	for i := 0; i < 3; i++ {
		n += i
	}
	return n
}

func captured() int {
	total := 0
	add := func(k int) { total += k }
	add(1)
	add(2)
	return total
}

func addressTaken() int {
	v := 1
	p := &v
	*p = 2
	v++
	return v
}

func slices(s []int, i int) {
	s[i] = s[i+1] + 1
	s[0]++
	t := s[1:3]
	copy(s, t)
	s = append(s, 4, 5)
	clear(s[:1])
	for _, v := range s {
		counter += v
	}
	for i := range s {
		_ = i
	}
}

func maps(m map[string]int, k string) int {
	m[k] = 1
	m[k] += 2
	delete(m, "x")
	v, ok := m[k]
	if !ok {
		return len(m)
	}
	for key := range m {
		_ = key
	}
	return v
}

func pointers(p *point) int {
	p.x = 3
	p.next.y = p.x
	p.move(1)
	q := *p
	return q.sum() + p.sum()
}

func arrays() int {
	var a, b [4]int
	pa := &a
	pa[1] = 2
	b = a
	c := [2]int{1, 2}
	c[0] = b[1]
	return c[0] + len(a)
}

func structs() int {
	var pr pair
	go func() { pr.a[1] = 1 }()
	pr.m = map[string]int{"k": pr.a[2]}
	return pr.m["k"]
}

func calls(s []int, f func() int) {
	s[f()] = 1
	s[0] = f()
}

func main() {
	fmt.Println(locals(), captured(), addressTaken())
	s := []int{1, 2, 3, 4, 5}
	slices(s, 1)
	fmt.Println(maps(map[string]int{}, "a"), counter)
	fmt.Println(pointers(&point{next: &point{}}), arrays(), structs())
	calls(s, func() int { return 2 })
	if counter > 100 {
		os.Exit(3)
	}
}
