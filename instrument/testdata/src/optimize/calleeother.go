package main

// sumOther calls a helper of another file (callee.go): the variant goes to
// this file.
func sumOther(xs []int) (n int) {
	for i := range xs {
		n += loadAt(xs, i) * 2
	}
	return n
}

// sumTotals calls total of callee.go in every iteration: one ReadSlice of
// c before the loop, when it runs.
func sumTotals(c []int, reps int) (n int) {
	for i := 0; i < reps; i++ {
		n += total(c) + i
	}
	return n
}
