// Command optrace uses the real task library to check that the accesses
// whose hooks the rewriter optimizes are still checked: its argument picks
// one scenario, in which a task's accesses are recorded by a range hook, a
// covered hook in straight-line code or a once-per-loop hook, and the root
// task then makes a conflicting access that is (or, for the scenarios
// ending in -clean, is not) a determinacy race. The comment at the end of
// a line names what the test expects a race report to point at.
package main

import (
	"fmt"
	"os"

	"github.com/tpinstr/tpinstr/rt/task"
)

var g int

// fill writes every element of s.
func fill(s []int) {
	for i := range s {
		s[i] = i // fill's write
	}
}

// sum reads every element of s.
func sum(s []int) (n int) {
	for i := 0; i < len(s); i++ {
		n += s[i] // sum's read
	}
	return n
}

// add sets c to a+b, element by element.
func add(c, a, b []int) {
	for i := range c {
		c[i] = a[i] + b[i] // add's reads
	}
}

// search returns the index of the first x in s, or -1: it reads the
// elements up to the one it finds, and no further.
func search(s []int, x int) int {
	for i, v := range s { // search's read
		if v == x {
			return i
		}
	}
	return -1
}

// smooth sets out[c] to the mean of in's neighbours of c, for c from lo
// through hi.
func smooth(out, in []int, lo, hi int) {
	for c := lo; c <= hi; c++ {
		out[c] = (in[c-1] + in[c+1]) / 2 // smooth's accesses
	}
}

// twice is pure: calling it counts as no call.
func twice(x int) int { return 2 * x }

// shiftDouble sets out[j] to twice in[j+1].
func shiftDouble(out, in []int) {
	for j := range out {
		out[j] = twice(in[j+1]) // shiftDouble's accesses
	}
}

// setAll sets every element of s to g.
func setAll(s []int) {
	for i := range s {
		s[i] = g // setAll's read
	}
}

// horner evaluates the polynomial with coefficients c at x, reading c
// from its last element down to its first.
func horner(c []int, x int) (v int) {
	for k := len(c) - 1; k >= 0; k-- {
		v = v*x + c[k] // horner's read
	}
	return v
}

// clearDown zeroes s[lo+1..hi] from the top down.
func clearDown(s []int, lo, hi int) {
	for i := hi; i > lo; i-- {
		s[i] = 0 // clearDown's write
	}
}

// key is a schedule read through a pointer, element by element.
type key [6]int

// whiten mixes x with k[1] through k[4], one statement per element.
func whiten(k *key, x int) int {
	x += k[1] // whiten's reads
	x ^= k[2]
	x += k[3]
	x ^= k[4]
	return x
}

// firstThree sums k[0], k[1] and k[2], of a slice that may be short.
func firstThree(k []int) int {
	a := k[0]
	b := k[1] // firstThree's read
	return a + b + k[2]
}

// wrapRow sets out[j] to the sum of row's elements at j and its two
// neighbours, wrapping around at the ends: reads at computed indices.
func wrapRow(out, row []int) {
	n := len(row)
	for j := 0; j < n; j++ {
		l, r := j-1, j+1
		if l < 0 {
			l = n - 1
		}
		if r == n {
			r = 0
		}
		out[j] = row[j] + row[l] + row[r] // wrapRow's reads
	}
}

// pick sets out[j] to row[j] + row[k] for j from lo up to hi: the loop
// reads only part of row at j, and row[k] wherever k is.
func pick(out, row []int, lo, hi, k int) {
	for j := lo; j < hi; j++ {
		out[j] = row[j] + row[k] // pick's reads
	}
}

// scatter reads every element of s and writes s[k] in each iteration: a
// write at a computed index, which a read of every element does not stand
// for.
func scatter(s []int, k int) (n int) {
	for j := range s {
		n, s[k] = n+s[j], j // scatter's write
	}
	return n
}

// rebind reads b[k] and then rebinds b: its reads at a computed index are
// not all of one slice.
func rebind(a, b []int, k int) (n int) {
	for j := range a {
		n += a[j] + b[k] // rebind's read
		b = a
	}
	return n
}

// ahead sets out[j] to row[j] + row[j+m], but indexes row out of range
// at j = 2, where it panics: reads ahead of j are recorded up to there.
func ahead(out, row []int, m int) {
	for j := 0; j < len(out); j++ {
		k := j + m
		if j == 2 {
			k = 100
		}
		out[j] = row[j] + row[k] // ahead's reads
	}
}

// loadAt returns s[i], storeAt sets it to v and total reads every element
// of c: per-element helpers, whose accesses the calling loop's range hooks
// record.
func loadAt(s []int, i int) int { return s[i] } // loadAt's read

func storeAt(s []int, i, v int) { s[i] = v } // storeAt's write

func total(c []int) int {
	n := 0
	for k := range c {
		n += c[k]
	}
	return n
}

// evalPart sets ys[i] to total(c) + xs[i] through the helpers, for i from
// lo to hi-1.
func evalPart(c, xs, ys []int, lo, hi int) {
	for i := lo; i < hi; i++ {
		storeAt(ys, i, total(c)+loadAt(xs, i)) // evalPart's calls
	}
}

// evalAt sets ys[i] to xs[k] for i from lo to hi-1: the helper's index is
// not the loop's, so its calls keep their hooks.
func evalAt(xs, ys []int, k, lo, hi int) {
	for i := lo; i < hi; i++ {
		storeAt(ys, i, loadAt(xs, k))
	}
}

// histogram counts the values of s in a scratch slice and a map of its
// own: both are private to the call, and their accesses get no hook.
func histogram(s []int) int {
	counts := make([]int, 16)
	seen := map[int]bool{}
	for _, v := range s {
		counts[v&15]++
		seen[v] = true
	}
	return counts[0] + len(seen)
}

// window returns a view of a fresh buffer that it also writes: the view
// copies the buffer's reference, so the buffer is not private.
func window(t *task.T) []int {
	buf := make([]int, 8)
	view := buf[2:4]
	t.Async(func(*task.T) { view[0] = 1 })
	buf[2] = 2 // window's write
	return view
}

// depthSum walks a tree of depth d by a recursive function literal that
// only it calls: its captured variables are private to the call, and their
// accesses get no hook.
func depthSum(d int) int {
	total := 0
	var walk func(k int)
	walk = func(k int) {
		total += k
		if k < d {
			walk(k + 1)
			walk(k + 1)
		}
	}
	walk(0)
	return total
}

// counter captures its count in a helper that it calls itself and in a
// task that calls the same helper: the task runs it in parallel.
func counter(t *task.T) int {
	count := 0
	inc := func() { count++ } // counter's increment
	t.Async(func(*task.T) { inc() })
	inc()
	return count
}

// leaf is a tree node that only composite literals write: its reads'
// hooks stop once the program starts (fields.go).
type leaf struct {
	l, r *leaf
	v    int
}

// grow returns a perfect tree of leaves of the given depth.
func grow(depth int) *leaf {
	if depth == 0 {
		return &leaf{v: 1}
	}
	return &leaf{l: grow(depth - 1), r: grow(depth - 1), v: 1}
}

// walk returns the sum of the values of the tree n.
func walk(n *leaf) int {
	if n == nil {
		return 0
	}
	return n.v + walk(n.l) + walk(n.r)
}

// cellW, cellZ, cellA and cellG are each written in one scenario only, in
// one form: a field assignment, a whole-struct assignment, a copy of a
// slice of them, and a generic function's write of a value of its type
// parameter.
type (
	cellW struct{ v int }
	cellZ struct{ v, w int }
	cellA struct{ v int }
	cellG struct{ v int }
)

func readW(c *cellW) int { return c.v } // readW's read
func readZ(c *cellZ) int { return c.v } // readZ's read
func readA(c *cellA) int { return c.v } // readA's read
func readG(c *cellG) int { return c.v } // readG's read

// put writes v at p.
func put[T any](p *T, v T) { *p = v }

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: optrace scenario")
		os.Exit(2)
	}
	s := make([]int, 8)
	x := 0
	task.Run(func(t *task.T) {
		switch os.Args[1] {
		case "range-write":
			t.Async(func(*task.T) { fill(s) })
			x = s[5]
		case "range-read":
			t.Async(func(*task.T) { x = sum(s) })
			s[3] = 1
		case "range-ordered-clean":
			t.Finish(func(t *task.T) { t.Async(func(*task.T) { fill(s) }) })
			x = s[5]
		case "range-partial-clean":
			t.Async(func(*task.T) { fill(s[:4]) })
			s[6] = 1
		case "guarded":
			a, b := make([]int, 8), make([]int, 8)
			t.Async(func(*task.T) { add(s, a, b) })
			b[2] = 1
		case "fallback":
			a, b := make([]int, 8), make([]int, 2)
			t.Async(func(*task.T) {
				defer func() { _ = recover() }()
				add(s, a, b)
			})
			b[1] = 1
		case "fallback-clean":
			a, b := make([]int, 8), make([]int, 2)
			t.Async(func(*task.T) {
				defer func() { _ = recover() }()
				add(s, a, b) // panics at index 2
			})
			s[3] = 1
		case "straight-reads":
			t.Async(func(*task.T) {
				a := g // first read
				b := g
				x = a + b
			})
			g = 1
		case "straight-write":
			t.Async(func(*task.T) {
				g = 2 // the write
				x = g
			})
			x = g
		case "search":
			// search finds 5 at index 2, having read in[2].
			in := []int{1, 2, 5, 0, 0}
			t.Async(func(*task.T) { s[0] = search(in, 5) })
			in[2] = 1
		case "search-clean":
			// search never reads in[3]: it returns at index 2.
			in := []int{1, 2, 5, 0, 0}
			t.Async(func(*task.T) { s[0] = search(in, 5) })
			in[3] = 1
		case "stencil":
			in := make([]int, 8)
			t.Async(func(*task.T) { smooth(s, in, 1, 6) })
			in[7] = 1
		case "stencil-middle":
			// in[3] is read by c-1 at c = 4 and by c+1 at c = 2, each
			// through a range hook.
			in := make([]int, 8)
			t.Async(func(*task.T) { smooth(s, in, 1, 6) })
			in[3] = 1
		case "stencil-one-clean":
			// One iteration, c = 3, reads in[2] and in[4], not in[3]: one
			// range hook of in[2:5] would invent a read of it.
			in := make([]int, 8)
			t.Async(func(*task.T) { smooth(s, in, 3, 3) })
			in[3] = 1
		case "stencil-clean":
			in := make([]int, 8)
			t.Async(func(*task.T) { smooth(s, in, 1, 6) })
			s[7] = 1
		case "pure-call":
			in := make([]int, 9)
			t.Async(func(*task.T) { shiftDouble(s, in) })
			in[8] = 1
		case "pure-call-clean":
			in := make([]int, 9)
			t.Async(func(*task.T) { shiftDouble(s, in) })
			in[0] = 1
		case "invariant":
			t.Async(func(*task.T) { setAll(s) })
			g = 3
		case "invariant-empty-clean":
			t.Async(func(*task.T) { setAll(nil) })
			g = 3
		case "down":
			t.Async(func(*task.T) { x = horner(s, 2) })
			s[0] = 1
		case "down-exclusive":
			t.Async(func(*task.T) { clearDown(s, 2, 5) })
			x = s[3]
		case "down-exclusive-clean":
			t.Async(func(*task.T) { clearDown(s, 2, 5) })
			x = s[2] + s[6]
		case "const-run":
			k := new(key)
			t.Async(func(*task.T) { x = whiten(k, 1) })
			k[2] = 1
		case "const-run-clean":
			k := new(key)
			t.Async(func(*task.T) { x = whiten(k, 1) })
			k[0], k[5] = 1, 1
		case "const-run-short":
			t.Async(func(*task.T) {
				defer func() { _ = recover() }()
				x = firstThree(s[:2]) // panics at k[2]
			})
			s[1] = 1
		case "const-run-short-clean":
			t.Async(func(*task.T) {
				defer func() { _ = recover() }()
				x = firstThree(s[:2]) // panics at k[2]
			})
			s[2] = 1
		case "computed-wrap":
			row := make([]int, 8)
			t.Async(func(*task.T) { wrapRow(s, row) })
			row[7] = 1
		case "computed-wrap-clean":
			row := make([]int, 8)
			t.Async(func(*task.T) { wrapRow(s, row) })
			x = row[7]
		case "computed-part":
			row := make([]int, 8)
			t.Async(func(*task.T) { pick(s, row, 2, 5, 7) })
			row[7] = 1
		case "computed-part-clean":
			row := make([]int, 8)
			t.Async(func(*task.T) { pick(s, row, 2, 5, 7) })
			row[6], row[0] = 1, 1
		case "computed-empty-clean":
			row := make([]int, 8)
			t.Async(func(*task.T) { pick(s, row, 5, 5, 7) })
			row[7], row[5] = 1, 1
		case "computed-write":
			t.Async(func(*task.T) { _ = scatter(s, 6) })
			x = s[6]
		case "computed-write-clean":
			t.Async(func(*task.T) { _ = scatter(s, 6) })
			x = s[5]
		case "computed-rebind":
			b := make([]int, 8)
			t.Async(func(*task.T) { _ = rebind(s, b, 6) })
			b[6] = 1
		case "computed-panic":
			row := make([]int, 8)
			t.Async(func(*task.T) {
				defer func() { _ = recover() }()
				ahead(s, row, 3) // panics at j = 2
			})
			row[4] = 1 // kept in a slot when the loop panics
		case "computed-panic-evicted":
			row := make([]int, 8)
			t.Async(func(*task.T) {
				defer func() { _ = recover() }()
				ahead(s, row, 3) // panics at j = 2
			})
			row[3] = 1 // put out of its slot by row[4]
		case "computed-panic-clean":
			row := make([]int, 8)
			t.Async(func(*task.T) {
				defer func() { _ = recover() }()
				ahead(s, row, 3) // panics at j = 2
			})
			row[5], s[3] = 1, 1
		case "callee-write":
			c, xs := make([]int, 3), make([]int, 8)
			t.Async(func(*task.T) { evalPart(c, xs, s, 2, 6) })
			x = s[5]
		case "callee-write-clean":
			c, xs := make([]int, 3), make([]int, 8)
			t.Async(func(*task.T) { evalPart(c, xs, s, 2, 6) })
			x = s[6] + s[1]
		case "callee-read":
			c, xs := make([]int, 3), make([]int, 8)
			t.Async(func(*task.T) { evalPart(c, xs, s, 2, 6) })
			xs[2] = 1
		case "callee-read-clean":
			c, xs := make([]int, 3), make([]int, 8)
			t.Async(func(*task.T) { evalPart(c, xs, s, 2, 6) })
			xs[6], xs[1] = 1, 1
		case "callee-whole":
			c, xs := make([]int, 3), make([]int, 8)
			t.Async(func(*task.T) { evalPart(c, xs, s, 2, 6) })
			c[2] = 1
		case "callee-whole-empty-clean":
			c, xs := make([]int, 3), make([]int, 8)
			t.Async(func(*task.T) { evalPart(c, xs, s, 4, 4) })
			c[0], xs[4], s[4] = 1, 1, 1
		case "callee-panic":
			c, xs := make([]int, 3), make([]int, 10)
			t.Async(func(*task.T) {
				defer func() { _ = recover() }()
				evalPart(c, xs, s, 6, 10) // panics at i = 8
			})
			x = s[7]
		case "callee-panic-clean":
			c, xs := make([]int, 3), make([]int, 10)
			t.Async(func(*task.T) {
				defer func() { _ = recover() }()
				evalPart(c, xs, s, 6, 10) // panics at i = 8
			})
			xs[9], s[5] = 1, 1
		case "callee-outside":
			xs := make([]int, 8)
			t.Async(func(*task.T) { evalAt(xs, s, 3, 0, 4) })
			xs[3] = 1
		case "callee-outside-clean":
			xs := make([]int, 8)
			t.Async(func(*task.T) { evalAt(xs, s, 3, 0, 4) })
			xs[1], s[5] = 1, 1
		case "private-clean":
			t.Async(func(*task.T) { x = histogram(s) })
			_ = histogram(s)
		case "private-escape":
			_ = window(t)
		case "closure-clean":
			t.Async(func(*task.T) { x = depthSum(6) })
			_ = depthSum(5)
		case "fields-clean":
			root := grow(4)
			t.Async(func(*task.T) { x = walk(root) })
			_ = walk(root)
		case "fields-write":
			c := &cellW{}
			t.Async(func(*task.T) { x = readW(c) })
			c.v = 1
		case "fields-whole":
			c := &cellZ{}
			t.Async(func(*task.T) { x = readZ(c) })
			*c = cellZ{w: 1}
		case "fields-copy":
			cs, src := make([]cellA, 2), []cellA{{1}, {2}}
			t.Async(func(*task.T) { x = readA(&cs[1]) })
			copy(cs, src)
		case "fields-generic":
			c := &cellG{}
			t.Async(func(*task.T) { x = readG(c) })
			put(c, cellG{v: 2})
		case "closure-escape":
			_ = counter(t)
		default:
			fmt.Fprintln(os.Stderr, "optrace: unknown scenario", os.Args[1])
			os.Exit(2)
		}
	})
	fmt.Println("x =", x)
}
