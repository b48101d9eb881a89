// Package search is the arithmetic of the shared read-only input kernel:
// every task answers rank queries (how many keys are at most q) by binary
// search in one sorted key array that no task writes, the shape of a
// lookup in a shared index, dictionary or model.
//
// The kernel checks the ranks with a different algorithm: it sorts the
// queries and walks them and the keys together once.
package search

import (
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"slices"
)

// Rank returns the number of keys at most q in the sorted slice keys.
func Rank(keys []int64, q int64) int {
	lo, hi := 0, len(keys)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if keys[m] <= q {
			lo = m + 1
		} else {
			hi = m
		}
	}
	return lo
}

// Ranks sets ranks[i] to Rank(keys, qs[i]) for every i in [lo, hi).
func Ranks(keys, qs []int64, ranks []int, lo, hi int) {
	for i := lo; i < hi; i++ {
		ranks[i] = Rank(keys, qs[i])
	}
}

// Inputs returns n sorted keys and m queries over the same range,
// pseudo-random from seed; keys repeat now and then.
func Inputs(n, m int, seed uint64) (keys, qs []int64) {
	rng := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	span := int64(4*n + 1)
	keys = make([]int64, n)
	for i := range keys {
		keys[i] = rng.Int64N(span)
	}
	slices.Sort(keys)
	qs = make([]int64, m)
	for i := range qs {
		qs[i] = rng.Int64N(span+2) - 1
	}
	return keys, qs
}

// Part returns the range [lo, hi) of part p of parts of m queries.
func Part(p, parts, m int) (lo, hi int) { return p * m / parts, (p + 1) * m / parts }

// Check recomputes every rank by sorting the queries and merging them with
// the keys.
func Check(keys, qs []int64, ranks []int) error {
	order := make([]int, len(qs))
	for i := range order {
		order[i] = i
	}
	slices.SortFunc(order, func(a, b int) int {
		switch {
		case qs[a] < qs[b]:
			return -1
		case qs[a] > qs[b]:
			return 1
		}
		return 0
	})
	k := 0
	for _, i := range order {
		for k < len(keys) && keys[k] <= qs[i] {
			k++
		}
		if ranks[i] != k {
			return fmt.Errorf("rank of query %d (%d) is %d, want %d", i, qs[i], ranks[i], k)
		}
	}
	return nil
}

// Summary is the result line: the sizes, the sum of the ranks and a hash of
// them.
func Summary(keys []int64, ranks []int) string {
	h := fnv.New64a()
	sum := 0
	var b [8]byte
	for _, r := range ranks {
		sum += r
		for i := range b {
			b[i] = byte(r >> (8 * i))
		}
		h.Write(b[:])
	}
	return fmt.Sprintf("keys=%d queries=%d rank-sum=%d ranks-fnv64a=%016x", len(keys), len(ranks), sum, h.Sum64())
}
