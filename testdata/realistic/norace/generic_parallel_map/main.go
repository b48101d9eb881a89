// Command generic_parallel_map: a small generic toolkit (ParMap with ForAll into per-index slots, Reduce with a future per half of a sub-slice) used on two element types; every task writes its own slot or returns its value, and results are read after the join; race-free.
package main

import (
	"fmt"
	"strings"

	"github.com/tpinstr/tpinstr/rt/task"
)

// Number is what Reduce can add up.
type Number interface {
	~int | ~int64 | ~float64
}

// ParMap applies f to every element of in, in parallel.
func ParMap[T, U any](t *task.T, in []T, f func(T) U) []U {
	out := make([]U, len(in))
	t.ForAll(0, len(in), func(t *task.T, i int) {
		out[i] = f(in[i])
	})
	return out
}

// Reduce adds up xs, splitting it in two halves, the left one in a future.
func Reduce[N Number](t *task.T, xs []N) N {
	if len(xs) <= 4 {
		var s N
		for _, x := range xs {
			s += x
		}
		return s
	}
	mid := len(xs) / 2
	left := task.NewFuture(t, func(t *task.T) N {
		return Reduce(t, xs[:mid])
	})
	right := Reduce(t, xs[mid:])
	return left.Get() + right
}

// Filter keeps the elements for which keep holds (sequential).
func Filter[T any](xs []T, keep func(T) bool) []T {
	var out []T
	for _, x := range xs {
		if keep(x) {
			out = append(out, x)
		}
	}
	return out
}

type product struct {
	name  string
	price float64
	stock int
}

var catalog = []product{
	{"apple", 0.5, 120}, {"pear", 0.7, 40}, {"melon", 2.5, 8},
	{"grape", 3.1, 25}, {"kiwi", 0.4, 200}, {"mango", 1.9, 14},
	{"plum", 0.3, 90}, {"fig", 1.2, 33}, {"lime", 0.2, 150},
}

func main() {
	words := strings.Fields("the quick brown fox jumps over the lazy dog again and again")
	var (
		lengths []int
		total   int
		values  []float64
		worth   float64
	)
	task.Run(func(t *task.T) {
		lengths = ParMap(t, words, func(w string) int { return len(w) })
		total = Reduce(t, lengths)
		values = ParMap(t, catalog, func(p product) float64 {
			return p.price * float64(p.stock)
		})
		worth = Reduce(t, values)
	})
	fmt.Println("letters", total, "in", len(words), "words")
	fmt.Printf("stock worth %.2f\n", worth)
	cheap := Filter(catalog, func(p product) bool { return p.price < 1 })
	for _, p := range cheap {
		fmt.Println("cheap", p.name)
	}
	long := Filter(words, func(w string) bool { return len(w) > 4 })
	fmt.Println("long words", long)
	fmt.Println("first value", values[0], "last", values[len(values)-1])
}
