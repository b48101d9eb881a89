// Package alloc has the allocations the rewriter wraps so that the checker
// learns their deaths, and those it leaves alone.
package alloc

import "runtime"

type block [256]float64 // 2 KiB, no pointers

type small struct{ a, b int }

type withPtr struct {
	p    *int
	data [512]int
}

// Matrix is a named slice type: its methods must survive the wrap.
type Matrix []float64

func (m Matrix) Sum() float64 {
	s := 0.0
	for _, v := range m {
		s += v
	}
	return s
}

var global = &block{} // package level: left as it is

func allocs(n int, ch chan []byte) float64 {
	b := new(block)           // wrapped
	var s *small = new(small) // too small
	w := &withPtr{}           // holds a pointer
	lit := &block{1, 2, 3}    // wrapped
	buf := make([]byte, n)    // wrapped: size decided at run time
	ptrs := make([]*int, n)   // holds pointers
	m := make(Matrix, n*n)    // wrapped, still a Matrix
	mp := make(map[int]int)   // not a slice
	ch <- make([]byte, n)     // wrapped inside the send's hook
	big := make([]int64, 512) // wrapped: 4 KiB
	tiny := make([]byte, 8)   // too small
	runtime.SetFinalizer(w, func(*withPtr) {})
	_ = s
	_ = ptrs
	_ = mp
	_, _ = big, tiny
	return b[0] + lit[1] + float64(len(buf)) + m.Sum()
}

func generic[T any](n int) []T {
	p := new(T) // the runtime decides
	_ = p
	return make([]T, n) // the runtime decides
}
