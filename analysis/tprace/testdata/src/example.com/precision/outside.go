package precision

import "github.com/tpinstr/tpinstr/rt/task"

// Shapes from programs written without the analyzer in mind.

type body struct{ X, Acc float64 }

type sim struct{ Bodies []body }

func sumX(s *sim) float64 {
	v := 0.0
	for j := range s.Bodies {
		v += s.Bodies[j].X
	}
	return v
}

// Different fields of one element, the slice reached through a struct
// pointer in a helper: no race.
func accelAll(t *task.T, s *sim) {
	t.ForAll(0, len(s.Bodies), func(t *task.T, i int) {
		s.Bodies[i].Acc = sumX(s) // no report
	})
}

type longest struct{ n int }

func (s *longest) scan(t *task.T, i int) { // want scan:`effects=2`
	if i > s.n {
		s.n = i
	}
}

// A ForAll whose body is a method value.
func scanAll(t *task.T, s *longest) {
	t.ForAll(0, 8, s.scan) // want `possible determinacy race on s: the write of s.n at outside.go:37:17 \(in scan at outside.go:31:3\) may run in parallel with itself`
}

func mean(xs []float64, i int) float64 { return (xs[i-1] + xs[i+1]) / 2 }

func fix(xs []float64, i int) {
	m := mean(xs, i)
	if xs[i]-m > 3 {
		xs[i] = m
	}
}

// Both accesses inside helpers.
func fixAll(t *task.T, xs []float64) {
	t.ForAll(1, len(xs)-1, func(t *task.T, i int) {
		fix(xs, i) // want `possible determinacy race on xs`
	})
}
