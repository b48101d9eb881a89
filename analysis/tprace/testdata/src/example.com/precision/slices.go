package precision

import "github.com/tpinstr/tpinstr/rt/task"

func fill(s []int) {
	for i := range s {
		s[i] = i
	}
}

// Disjoint spans of one slice.

func halves(t *task.T, a []int) {
	mid := len(a) / 2
	t.Finish(func(t *task.T) {
		t.Async(func(t *task.T) { fill(a[:mid]) })
		fill(a[mid:]) // no report
	})
}

func halvesOverlap(t *task.T, a []int) {
	mid := len(a) / 2
	t.Finish(func(t *task.T) {
		t.Async(func(t *task.T) { fill(a[:mid+1]) }) // want `possible determinacy race on a`
		fill(a[mid:])
	})
}

func aroundPivot(t *task.T, a []int, p int) {
	t.Finish(func(t *task.T) {
		t.Async(func(t *task.T) { fill(a[:p]) })
		fill(a[p+1:]) // no report
	})
}

func chunks(t *task.T, a []int) {
	const c = 8
	t.Finish(func(t *task.T) {
		for k := 0; k < 4; k++ {
			part := a[k*c : (k+1)*c]
			t.Async(func(t *task.T) { fill(part) }) // no report
		}
	})
}

func chunksOverlap(t *task.T, a []int) {
	const c = 8
	t.Finish(func(t *task.T) {
		for k := 0; k < 4; k++ {
			part := a[k*c : (k+1)*c+1]
			t.Async(func(t *task.T) { fill(part) }) // want `possible determinacy race on a`
		}
	})
}

// msort sorts in place; its halves are disjoint in every call.
func msort(t *task.T, a []int) {
	if len(a) < 2 {
		return
	}
	mid := len(a) / 2
	f := task.NewFuture(t, func(t *task.T) bool {
		msort(t, a[:mid])
		return true
	})
	msort(t, a[mid:]) // no report
	f.Get()
	fill(a)
}

// A variable written after its declaration is not one value per call.
func movingBound(t *task.T, a []int) {
	mid := len(a) / 2
	t.Finish(func(t *task.T) {
		t.Async(func(t *task.T) { fill(a[:mid]) }) // want `possible determinacy race on a` `possible determinacy race on mid`
		mid--
		fill(a[mid:])
	})
}

// Swaps.

func jacobi(t *task.T, n int) []float64 {
	cur, next := make([]float64, n+2), make([]float64, n+2)
	for s := 0; s < 4; s++ {
		t.ForAll(1, n+1, func(t *task.T, i int) {
			next[i] = (cur[i-1] + cur[i+1]) / 2 // no report
		})
		cur, next = next, cur
	}
	return cur
}

func jacobiCopy(t *task.T, n int) []float64 {
	cur, next := make([]float64, n+2), make([]float64, n+2)
	for s := 0; s < 4; s++ {
		old := cur
		cur, next = next, cur
		t.ForAll(1, n+1, func(t *task.T, i int) {
			v := old[i-1] // want `possible determinacy race on cur: the read of cur\[_\] through old\[_\]`
			cur[i] = v
			next[i-1] = 0
		})
	}
	return cur
}

// Chunks whose end is clamped to the length (if hi > n { hi = n }, or
// min): the end is at most lo+c, so the spans stay disjoint.
func clampedChunks(t *task.T, src, dst []int) {
	const c = 8
	n := (len(src) + c - 1) / c
	t.ForAll(0, n, func(t *task.T, k int) {
		lo := k * c
		hi := lo + c
		if hi > len(src) {
			hi = len(src)
		}
		copy(dst[lo:hi], src[lo:hi]) // no report
	})
}

func minChunks(t *task.T, a []int) {
	const c = 8
	t.ForAll(0, (len(a)+c-1)/c, func(t *task.T, k int) {
		fill(a[k*c : min((k+1)*c, len(a))]) // no report
	})
}

func clampedChunksOverlap(t *task.T, src, dst []int) {
	const c = 8
	n := (len(src) + c - 1) / c
	t.ForAll(0, n, func(t *task.T, k int) {
		lo := k * c
		hi := lo + c + 1
		if hi > len(src) {
			hi = len(src)
		}
		copy(dst[lo:hi], src[lo:hi]) // want `possible determinacy race on dst`
	})
}

func minChunksOverlap(t *task.T, a []int) {
	const c = 8
	t.ForAll(0, (len(a)+c-1)/c, func(t *task.T, k int) {
		fill(a[k*c : min((k+1)*c+1, len(a))]) // want `possible determinacy race on a`
	})
}

// Raising the end is no clamp: the end is unknown.
func raisedEnd(t *task.T, a []int, extra int) {
	const c = 8
	t.ForAll(0, len(a)/c, func(t *task.T, k int) {
		lo := k * c
		hi := lo + c
		if hi < extra {
			hi = extra
		}
		fill(a[lo:hi]) // want `possible determinacy race on a`
	})
}
