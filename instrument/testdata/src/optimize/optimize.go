// Package main exercises the hook optimizations of the rewriter: redundant
// hooks in straight-line code, range hooks for loops over slices, and
// once-per-loop hooks of loop-invariant locations, with the cases each
// must leave alone. It prints what it computes, so that the rewritten
// program can be compared with the original.
package main

import "fmt"

var g, h int // package-level: always shared

type cell struct{ v, w int }

// straightLine: the second access of a location needs no hook after a
// write, or after a read when it reads.
func straightLine(p *cell) int {
	g = 1
	a := g // read after write: covered
	b := g // read after read: covered
	h = g  // covered read
	p.v = a
	p.v += b // read after write covered; the write stays
	return p.v + h
}

// readThenWrite: a write after a read keeps its hook.
func readThenWrite() {
	a := g
	g = a + 1
}

// callBetween: a call between two accesses keeps both hooks.
func callBetween() int {
	a := g
	fmt.Print("")
	return a + g
}

// operandChanged: s[i] after i changes is another location.
func operandChanged(s []int, i int) int {
	a := s[i]
	i++
	return a + s[i]
}

// labelBetween: a label is a jump target and ends the stretch.
func labelBetween(n int) int {
	a := g
	for n > 0 {
		n--
		goto next
	next:
		a += g
	}
	return a
}

// aliasing: p.v and q.v may be one location but are different
// expressions: q.v keeps its hook (the read of p.v follows its write).
func aliasing(p, q *cell) int {
	p.v = 3
	return q.v + p.v
}

// fill writes every element: one WriteSlice before the loop.
func fill(s []int) {
	for i := range s {
		s[i] = i * i
	}
}

// sum reads every element: one ReadSlice; the three-clause form too.
func sum(s []int) int {
	n := 0
	for i := 0; i < len(s); i++ {
		n += s[i]
	}
	return n
}

// swap writes every element as a whole and reads its fields: the write
// range hook covers both.
func swap(cs []cell) {
	for i := range len(cs) {
		cs[i] = cell{v: cs[i].w, w: cs[i].v}
	}
}

// scale writes a field of every element: a range hook would record the
// other field too, so the per-element hooks stay.
func scale(cs []cell) {
	for i := range len(cs) {
		cs[i].v = cs[i].w * 2
	}
}

// add indexes three slices with the loop's index: the range hooks are
// guarded by a test of their lengths, and the per-element hooks stay for
// the loop that is about to panic.
func add(c, a, b []int) {
	for i := range c {
		c[i] = a[i] + b[i]
	}
}

// addSafely runs add on a b that is too short and reports the panic.
func addSafely(c, a, b []int) (err error) {
	defer func() {
		if e := recover(); e != nil {
			err = fmt.Errorf("recovered: %v", e)
		}
	}()
	add(c, a, b)
	return nil
}

// row returns row k of m.
func row(m [][]int, k int) []int { return m[k] }

// mulAdd adds x times row k of m to d: the range expression calls a
// function, so it is evaluated into a temporary first, which the range
// hooks and the hook of the value's reads name.
func mulAdd(d []int, m [][]int, k, x int) {
	for j, y := range row(m, k) {
		d[j] += x * y
	}
}

// smooth averages the neighbours of out's elements lo through hi: the loop
// sweeps a range of indices, with offsets; its range hooks are guarded by
// a test that every index is in range.
func smooth(out, in []int, lo, hi int) {
	for c := lo; c <= hi; c++ {
		out[c] = (in[c-1] + in[c+1]) / 2
	}
}

// smoothSafely runs smooth and reports a panic.
func smoothSafely(out, in []int, lo, hi int) (err error) {
	defer func() {
		if e := recover(); e != nil {
			err = fmt.Errorf("recovered: %v", e)
		}
	}()
	smooth(out, in, lo, hi)
	return nil
}

// zero clears the first n elements of s: a range over an int.
func zero(s []int, n int) {
	for i := range n {
		s[i] = 0
	}
}

// firstNegative breaks out of its loop: per-element hooks.
func firstNegative(s []int) int {
	for i := range s {
		if s[i] < 0 {
			return i
		}
	}
	return -1
}

// clampOdd writes only some elements: the reads are covered by a range
// read, the conditional write keeps its hook.
func clampOdd(s []int) {
	for i := range s {
		if s[i]%2 == 1 {
			s[i] = 0
		}
	}
}

// divide may panic (division by a variable): per-element hooks.
func divide(s []int, d int) {
	for i := range s {
		s[i] = s[i] / d
	}
}

// withCall calls a function of another package in its body: per-element
// hooks.
func withCall(s []int) {
	for i := range s {
		s[i] = len(fmt.Sprint(s[i]))
	}
}

// withPureCall calls a pure function (no call, no write but of its
// locals, no panic), which counts as no call: one range hook.
func withPureCall(s []int) {
	for i := range s {
		s[i] = abs(s[i] - 1)
	}
}

func abs(x int) int { return max(x, -x) }

// invariant reads g in every iteration and never writes it: the hook runs
// once per execution of the loop, in the header's condition too.
func invariant(s []int, n int) int {
	t := 0
	for i := 0; i < n+g; i++ {
		t += g * i
	}
	for i := range s {
		s[i] = g + i
	}
	return t
}

// invariantWritten writes g in the loop: every read keeps its hook.
func invariantWritten(n int) int {
	t := 0
	for i := 0; i < n; i++ {
		t += g
		g = t % 7
	}
	return t
}

// captured reads a variable that a closure captures and a pointer's
// target that the loop does not write.
func captured(s []int, p *int) int {
	k := 2
	inc := func() { k++ }
	inc()
	t := 0
	for range s {
		t += k * *p
	}
	return t
}

// throughPointer may write g through a pointer: the read keeps its hook.
func throughPointer(q *int, n int) int {
	t := 0
	for i := 0; i < n; i++ {
		t += g
		*q = i
	}
	return t
}

// horner counts down over the coefficients: one range hook for c.
func horner(c []int, x int) (v int) {
	for k := len(c) - 1; k >= 0; k-- {
		v = v*x + c[k]
	}
	return v
}

// hornerFrom counts down from a bound that may be past the end of c: the
// flag's test fails, and the per-element hooks run until the panic.
func hornerFrom(c []int, top int) (v int, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("recovered: %v", r)
		}
	}()
	for k := top; k >= 0; k-- {
		v += c[k]
	}
	return v, nil
}

// key is read at constant indices, one statement each.
type key [4]int

// whiten reads k[0] through k[3]: one range hook of the run.
func whiten(k *key, x int) int {
	x += k[0]
	x ^= k[1]
	x += k[2]
	return x ^ k[3]
}

// firstTwo reads k[0] and k[1] of a slice that may be short: the run's
// hook stays behind the length test.
func firstTwo(k []int) (v int, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("recovered: %v", r)
		}
	}()
	a := k[0]
	return a + k[1], nil
}

// find goes on after an if whose branch returns: the read of p.v after it
// is covered by the header's.
func find(p *cell) int {
	if p.v == 0 {
		p.v = 1
		return 0
	}
	if p.w > 0 {
		p.w = 0
	}
	return p.v + p.w
}

// wrapSum sets out[j] to row[j] plus its two neighbours, wrapping around
// at the ends: the range hooks go after the loop, behind the test of the
// wrapped indices l and r, and the reads of row[l] and row[r] are covered
// by the range hook of row while the loop's index is past them or they
// wait in a slot (computed.go).
func wrapSum(out, row []int) {
	n := len(row)
	for j := 0; j < n; j++ {
		l, r := j-1, j+1
		if l < 0 {
			l = n - 1
		}
		if r == n {
			r = 0
		}
		out[j] = row[j] + row[l] + row[r]
	}
}

// gather adds src[idx] to every element of d from lo up to hi; an index
// out of range panics part-way, after the range hooks of the iterations
// before it have been recorded.
func gather(d, src []int, lo, hi, idx int) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("recovered: %v", r)
		}
	}()
	for j := lo; j < hi; j++ {
		if j == 2 {
			idx += 100
		}
		d[j] += src[idx]
	}
	return nil
}

func main() {
	c := &cell{}
	fmt.Println(straightLine(c), aliasing(c, c))
	readThenWrite()
	fmt.Println(callBetween(), operandChanged([]int{1, 2, 3}, 0), labelBetween(2))
	s := make([]int, 6)
	fill(s)
	fmt.Println(s, sum(s), sum(nil))
	cs := []cell{{1, 2}, {3, 4}}
	scale(cs)
	swap(cs)
	fmt.Println(cs)
	out := make([]int, 3)
	add(out, []int{1, 2, 3}, []int{10, 20, 30, 40})
	fmt.Println(out, addSafely(out, []int{1, 2, 3}, []int{5}), out)
	mulAdd(out, [][]int{{1, 2, 3}, {4, 5, 6}}, 1, 2)
	fmt.Println(out)
	sm, in := make([]int, 6), []int{0, 2, 4, 6, 8, 10}
	fmt.Println(smoothSafely(sm, in, 1, 4), sm, smoothSafely(sm, in, 3, 1), smoothSafely(sm, in, 0, 2), sm)
	zero(sm, 2)
	fmt.Println(sm)
	wrapSum(sm, in)
	fmt.Println(sm, gather(sm, in, 0, 4, 1), sm, gather(sm, in, 3, 5, 0), sm)
	fmt.Println(firstNegative([]int{3, -1}), firstNegative(nil))
	clampOdd(s)
	divide(s, 2)
	withCall(s)
	withPureCall(s)
	fmt.Println(s)
	fmt.Println(invariant(s, 3), s, invariant(nil, 0), invariantWritten(4))
	x := 5
	fmt.Println(captured(s, &x), throughPointer(&g, 3), g)
	fmt.Println(horner([]int{1, 2, 3}, 2), horner(nil, 2))
	fmt.Println(hornerFrom([]int{1, 2, 3}, 2))
	fmt.Println(hornerFrom([]int{1, 2, 3}, 4))
	fmt.Println(whiten(&key{1, 2, 3, 4}, 7))
	fmt.Println(firstTwo([]int{5, 6}))
	fmt.Println(firstTwo([]int{5}))
	fmt.Println(find(&cell{}), find(&cell{v: 2, w: 3}))
	calleeDemo()
}
