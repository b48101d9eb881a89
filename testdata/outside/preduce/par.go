// Package par has small data-parallel helpers: a parallel reduce and a
// parallel merge sort over slices.
package par

import (
	"cmp"
	"runtime"
	"slices"
	"sync"
)

// chunks splits [0, n) into at most parts contiguous ranges of nearly equal
// size.
func chunks(n, parts int) [][2]int {
	if parts < 1 {
		parts = 1
	}
	if parts > n {
		parts = n
	}
	out := make([][2]int, 0, parts)
	size, rem := n/parts, n%parts
	lo := 0
	for i := 0; i < parts; i++ {
		hi := lo + size
		if i < rem {
			hi++
		}
		out = append(out, [2]int{lo, hi})
		lo = hi
	}
	return out
}

// Reduce folds xs with op, which must be associative, starting every
// partial fold from identity. It splits the work into at most workers
// goroutines; workers <= 0 means GOMAXPROCS.
func Reduce[T any](xs []T, identity T, op func(T, T) T, workers int) T {
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	if len(xs) == 0 {
		return identity
	}
	parts := chunks(len(xs), workers)
	partial := make([]T, len(parts))
	var wg sync.WaitGroup
	for i, r := range parts {
		wg.Add(1)
		go func() {
			defer wg.Done()
			acc := identity
			for _, x := range xs[r[0]:r[1]] {
				acc = op(acc, x)
			}
			partial[i] = acc
		}()
	}
	wg.Wait()
	acc := identity
	for _, p := range partial {
		acc = op(acc, p)
	}
	return acc
}

// MapReduce applies f to every element and folds the results with op.
func MapReduce[T, U any](xs []T, f func(T) U, identity U, op func(U, U) U, workers int) U {
	mapped := make([]U, len(xs))
	var wg sync.WaitGroup
	for _, r := range chunks(len(xs), max(workers, 1)) {
		wg.Add(1)
		go func(lo, hi int) {
			defer wg.Done()
			for i := lo; i < hi; i++ {
				mapped[i] = f(xs[i])
			}
		}(r[0], r[1])
	}
	wg.Wait()
	return Reduce(mapped, identity, op, workers)
}

// serialCutoff is the length below which Sort sorts serially.
const serialCutoff = 64

// Sort sorts xs in place with a parallel merge sort, using goroutines down
// to depth levels of recursion.
func Sort[T cmp.Ordered](xs []T, depth int) {
	buf := make([]T, len(xs))
	mergeSort(xs, buf, depth)
}

func mergeSort[T cmp.Ordered](xs, buf []T, depth int) {
	if len(xs) <= serialCutoff || depth <= 0 {
		slices.Sort(xs)
		return
	}
	mid := len(xs) / 2
	if depth > 0 {
		var wg sync.WaitGroup
		wg.Add(1)
		go func() {
			defer wg.Done()
			mergeSort(xs[:mid], buf[:mid], depth-1)
		}()
		mergeSort(xs[mid:], buf[mid:], depth-1)
		wg.Wait()
	}
	merge(xs, mid, buf)
}

// merge merges the sorted halves xs[:mid] and xs[mid:] through buf.
func merge[T cmp.Ordered](xs []T, mid int, buf []T) {
	copy(buf, xs)
	i, j, k := 0, mid, 0
	for i < mid && j < len(xs) {
		if buf[j] < buf[i] {
			xs[k] = buf[j]
			j++
		} else {
			xs[k] = buf[i]
			i++
		}
		k++
	}
	for i < mid {
		xs[k] = buf[i]
		i++
		k++
	}
	for j < len(xs) {
		xs[k] = buf[j]
		j++
		k++
	}
}
