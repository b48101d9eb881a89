// Package precision holds race and race-free twins of the patterns the
// dependence test, slice spans, swaps, futures in slices and calls
// through values decide.
package precision

import "github.com/tpinstr/tpinstr/rt/task"

// Affine subscripts in the iteration variable.

func strided(t *task.T, a []int) {
	t.ForAll(0, 8, func(t *task.T, i int) {
		a[2*i] = i   // 2i and 2i'+1 never meet: no report
		a[2*i+1] = i // no report
	})
}

func stridedOverlap(t *task.T, a []int) {
	t.ForAll(0, 8, func(t *task.T, i int) {
		a[2*i] = i // want `possible determinacy race on a: the write of a\[_\] at index.go:\d+:\d+ and the write of a\[_\] at index.go:\d+:\d+ may run in parallel: in different iterations of the ForAll`
		a[i+8] = i
	})
}

func neighbour(t *task.T, a []int) {
	t.ForAll(0, 8, func(t *task.T, i int) {
		a[i] = a[i+1] // want `possible determinacy race on a: the write of a\[i\] at index.go:\d+:\d+ and the read of a\[_\] at index.go:\d+:\d+ may run in parallel: in different iterations of the ForAll`
	})
}

func ownElement(t *task.T, a []int) {
	t.ForAll(0, 8, func(t *task.T, i int) {
		a[i] = a[i] + 1 // no report
	})
}

func rowMajor(t *task.T, a []int, n int) {
	t.ForAll(0, 4, func(t *task.T, i int) {
		for j := 0; j < 4; j++ {
			a[i*4+j] = j // row i is a[4i:4i+4]: no report
		}
	})
}

func rowTooWide(t *task.T, a []int) {
	t.ForAll(0, 4, func(t *task.T, i int) {
		for j := 0; j <= 4; j++ {
			a[i*4+j] = j // want `possible determinacy race on a: the write of a\[_\] at index.go:\d+:\d+ may run in parallel with itself`
		}
	})
}

func column(t *task.T, a []int) {
	t.ForAll(0, 4, func(t *task.T, i int) {
		for j := 0; j < 4; j++ {
			a[j*4+i] = j // column i: no report
		}
	})
}

func columnUnbounded(t *task.T, a []int, n int) {
	t.ForAll(0, n, func(t *task.T, i int) {
		for j := 0; j < 4; j++ {
			a[j*4+i] = j // want `possible determinacy race on a`
		}
	})
}

func grid(t *task.T, g [][]int) {
	t.ForAll(0, len(g), func(t *task.T, i int) {
		for j := range g[i] {
			g[i][j] = i + j // no report
		}
	})
}

func gridColumns(t *task.T, g [][]int) {
	t.ForAll(0, len(g), func(t *task.T, i int) {
		for j := range g[i] {
			g[j][i] = i + j // column i: no report
		}
	})
}

func gridSwapHalf(t *task.T, g [][]int) {
	t.ForAll(0, len(g), func(t *task.T, i int) {
		for j := range g[i] {
			g[i][j] = g[j][i] // want `possible determinacy race on g`
		}
	})
}

func loopOfAsyncs(t *task.T, a []int) {
	t.Finish(func(t *task.T) {
		for k := 0; k < 4; k++ {
			t.Async(func(t *task.T) { a[3*k+1] = k }) // no report
		}
	})
}

func loopOfAsyncsSame(t *task.T, a []int) {
	t.Finish(func(t *task.T) {
		for k := 0; k < 4; k++ {
			t.Async(func(t *task.T) { a[k/2] = k }) // want `possible determinacy race on a`
		}
	})
}

// An index held in a variable declared in the body from the iteration
// variable is that expression.
func declaredIndex(t *task.T, a []int) {
	t.ForAll(0, len(a)/2, func(t *task.T, i int) {
		j := 2*i + 1
		a[j] = i // no report
	})
}

func declaredIndexNeighbour(t *task.T, a []int) {
	t.ForAll(0, len(a)-1, func(t *task.T, i int) {
		j := i + 1
		a[j] = a[i] // want `possible determinacy race on a`
	})
}
