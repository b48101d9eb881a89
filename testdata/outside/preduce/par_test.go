package par

import (
	"math/rand"
	"slices"
	"strings"
	"testing"
)

func TestReduce(t *testing.T) {
	xs := make([]int, 1000)
	for i := range xs {
		xs[i] = i + 1
	}
	for _, w := range []int{1, 3, 8} {
		if got := Reduce(xs, 0, func(a, b int) int { return a + b }, w); got != 500500 {
			t.Errorf("Reduce with %d workers = %d", w, got)
		}
	}
	words := []string{"a", "bb", "ccc", "dddd"}
	longest := MapReduce(words, func(s string) int { return len(s) }, 0, func(a, b int) int { return max(a, b) }, 2)
	if longest != 4 {
		t.Errorf("MapReduce = %d", longest)
	}
	if got := Reduce(words, "", func(a, b string) string { return a + b }, 3); got != strings.Join(words, "") {
		t.Errorf("concat = %q", got)
	}
}

func TestSort(t *testing.T) {
	r := rand.New(rand.NewSource(42))
	xs := make([]int, 1500)
	for i := range xs {
		xs[i] = r.Intn(10000)
	}
	want := slices.Clone(xs)
	slices.Sort(want)
	Sort(xs, 3)
	if !slices.Equal(xs, want) {
		t.Fatal("Sort result is not sorted")
	}
}
