// Package aliases has races between accesses that name one location in two
// ways, and their race-free twins.
package aliases

import (
	"unsafe"

	"example.com/lib"

	"github.com/tpinstr/tpinstr/rt/task"
)

func pointer(t *task.T) int {
	x := 0
	p := &x
	t.Async(func(t *task.T) {
		*p = 7 // want `possible determinacy race on x: the write of x through \*p at aliases.go:\d+:\d+ and the read of x at aliases.go:\d+:\d+ may run in parallel`
	})
	return x
}

func pointerJoined(t *task.T) int {
	x := 0
	p := &x
	t.Finish(func(t *task.T) {
		t.Async(func(t *task.T) { *p = 7 })
	})
	return x // joined by the Finish: no report
}

func twoPointers(t *task.T) int {
	x := 0
	p, q := &x, &x
	t.Finish(func(t *task.T) {
		t.Async(func(t *task.T) {
			*p = 1 // want `possible determinacy race on x: the write of x through \*p at aliases.go:\d+:\d+ and the write of x through \*q at aliases.go:\d+:\d+ may run in parallel`
		})
		*q = 2
	})
	return x
}

func pointerToCallee(t *task.T) int {
	x := 0
	p := &x
	t.Async(func(t *task.T) {
		lib.Set(p) // want `possible determinacy race on x: the write of x through \*p at aliases.go:\d+:\d+ \(in Set at lib.go:\d+:\d+\) and the read of x`
	})
	return x
}

func subslice(t *task.T, s []int) int {
	tail := s[2:]
	t.Async(func(t *task.T) {
		tail[0] = 30 // want `possible determinacy race on s: the write of s\[2\] through tail\[0\] at aliases.go:\d+:\d+ and the read of s\[2\]`
	})
	return s[2]
}

func halves(t *task.T, s []int) {
	t.Finish(func(t *task.T) {
		t.Async(func(t *task.T) {
			low := s[:2]
			low[0], low[1] = 10, 20
		})
		high := s[2:]
		high[0], high[1] = 30, 40 // disjoint elements: no report
	})
}

func clears(t *task.T, s []int, m map[string]int) int {
	t.Async(func(t *task.T) {
		clear(s) // want `possible determinacy race on s: the write of s\[_\] at aliases.go:\d+:\d+ and the read of s\[1\]`
		clear(m) // want `possible determinacy race on m: the write of m\[_\] at aliases.go:\d+:\d+ and the read of m\[_\]`
	})
	return s[1] + len(m)
}

func deleteLen(t *task.T, m map[string]int) int {
	t.Async(func(t *task.T) {
		delete(m, "a") // want `possible determinacy race on m: the write of m\[_\] at aliases.go:\d+:\d+ and the read of m\[_\]`
	})
	return len(m)
}

func lenJoined(t *task.T, m map[string]int) int {
	t.Finish(func(t *task.T) {
		t.Async(func(t *task.T) { delete(m, "a") })
	})
	return len(m) // joined by the Finish: no report
}

func copies(t *task.T, dst, src []int) {
	t.Finish(func(t *task.T) {
		t.Async(func(t *task.T) { copy(dst[:2], src) })
		copy(dst[2:], src[2:]) // disjoint parts: no report
	})
}

func copyOverlap(t *task.T, dst, src []int) {
	t.Finish(func(t *task.T) {
		t.Async(func(t *task.T) { copy(dst[:3], src) }) // want `possible determinacy race on dst: the write of dst\[0:3\] at aliases.go:\d+:\d+ and the write of dst\[2:\]`
		copy(dst[2:], src[2:])
	})
}

func appendSpread(t *task.T, s, u []int) []int {
	t.Finish(func(t *task.T) {
		t.Async(func(t *task.T) { s = append(s, u...) }) // want `possible determinacy race on u: the read of u\[_\] at aliases.go:\d+:\d+ and the write of u\[0\]`
		u[0] = 1
	})
	return s
}

func byteOfWord(t *task.T) uint32 {
	var word uint32
	view := (*[4]byte)(unsafe.Pointer(&word))
	t.Async(func(t *task.T) {
		view[2] = 0xff // want `possible determinacy race on word: the write of word.bytes\[2:3\] through view\[2\] at aliases.go:\d+:\d+ and the read of word`
	})
	return word
}

func bytesOfWord(t *task.T) uint32 {
	var word uint32
	view := (*[4]byte)(unsafe.Pointer(&word))
	t.Finish(func(t *task.T) {
		t.Async(func(t *task.T) { view[2] = 0xff })
		view[0] = 0x01 // different bytes: no report
	})
	return word
}

func elementPointers(t *task.T, a []int) {
	t.ForAll(0, len(a), func(t *task.T, i int) {
		p := &a[i]
		*p = i // one element per iteration: no report
	})
}

func onePointer(t *task.T, a []int) {
	p := &a[0]
	t.ForAll(0, len(a), func(t *task.T, i int) {
		*p = i // want `possible determinacy race on p: the write of \*p at aliases.go:\d+:\d+ may run in parallel with itself`
	})
}
