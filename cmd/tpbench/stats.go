package main

import (
	"slices"
	"time"
)

// median returns the median of ds (the mean of the two middle values for
// an even count) and false when ds is empty. The median rather than the
// mean, because a shared machine adds outliers in one direction only.
func median(ds []time.Duration) (time.Duration, bool) {
	if len(ds) == 0 {
		return 0, false
	}
	s := slices.Clone(ds)
	slices.Sort(s)
	mid := len(s) / 2
	if len(s)%2 == 1 {
		return s[mid], true
	}
	return s[mid-1] + (s[mid]-s[mid-1])/2, true
}

// ratio returns a/b, and false when either is missing or b is zero.
func ratio(a time.Duration, okA bool, b time.Duration, okB bool) (float64, bool) {
	if !okA || !okB || b == 0 {
		return 0, false
	}
	return float64(a) / float64(b), true
}
