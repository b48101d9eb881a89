package explore

import (
	"fmt"
	"hash/fnv"
	"slices"
	"sync"
	"testing"
	"time"
)

// walk is a depth-first exploration of the tree whose node key lists the
// children kids(key), with a limit of max runs, as Run and the checker's
// goroutine exploration walk theirs: it returns the keys in the order the
// walk merged their results, and whether it ran out of work.
func walk(p *Pool[[]string], max, procs int) (order []string, complete bool) {
	work := []string{""}
	seen := map[string]bool{"": true}
	for len(work) > 0 {
		if len(order) == max {
			return order, false
		}
		key := work[len(work)-1]
		work = work[:len(work)-1]
		order = append(order, key)
		for _, k := range p.Get(key, Ahead(work, min(max-len(order), 4*procs), nil)) {
			if !seen[k] {
				seen[k] = true
				work = append(work, k)
			}
		}
	}
	return order, true
}

// kids is a pseudo-random tree: a node has 0 to 3 children, some of them
// shared with other nodes (so the seen set matters), up to depth 5.
func kids(seed int, key string) []string {
	h := fnv.New32a()
	fmt.Fprintf(h, "%d/%s", seed, key)
	v := h.Sum32()
	if len(key) >= 10 {
		return nil
	}
	var out []string
	for i := range int(v % 4) {
		c := key + fmt.Sprintf("%d.", (v>>(4+i*3))%3)
		out = append(out, c)
	}
	return out
}

// TestPoolKeepsTheSerialWalk checks that a walk with children run ahead,
// several at once and finishing in a scrambled order, merges the same
// results in the same order and stops at the same limit as the walk that
// runs them one at a time, and that no schedule runs twice.
func TestPoolKeepsTheSerialWalk(t *testing.T) {
	limited, big := 0, 0
	for seed := range 40 {
		for _, max := range []int{1, 3, 17, 1000} {
			serial, serialDone := walk(NewPool(1, func(key string, _ int) []string { return kids(seed, key) }), max, 1)
			if !serialDone && max == 17 {
				limited++
			}
			if serialDone && len(serial) > 17 {
				big++
			}
			for _, procs := range []int{2, 3, 8} {
				var mu sync.Mutex
				runs := map[string]int{}
				p := NewPool(procs, func(key string, seq int) []string {
					mu.Lock()
					runs[key]++
					mu.Unlock()
					time.Sleep(time.Duration((seq*7919+len(key))%5) * 50 * time.Microsecond)
					return kids(seed, key)
				})
				got, done := walk(p, max, procs)
				p.Close()
				if !slices.Equal(got, serial) || done != serialDone {
					t.Fatalf("seed %d, limit %d, %d at once: walk %v (complete %v), serial %v (complete %v)",
						seed, max, procs, got, done, serial, serialDone)
				}
				for k, n := range runs {
					if n > 1 {
						t.Errorf("seed %d, limit %d, %d at once: %q ran %d times", seed, max, procs, k, n)
					}
				}
				for _, k := range serial {
					if runs[k] != 1 {
						t.Errorf("seed %d, limit %d, %d at once: %q merged but ran %d times", seed, max, procs, k, runs[k])
					}
				}
			}
		}
	}
	if limited == 0 || big == 0 {
		t.Errorf("the trees miss a case: %d walks stopped at the limit 17, %d complete walks had more than 17 nodes", limited, big)
	}
}

// TestPoolSerial checks that a pool of one runs every schedule on the
// caller's goroutine, when asked, and nothing ahead.
func TestPoolSerial(t *testing.T) {
	var ran []string
	p := NewPool(1, func(key string, _ int) int { ran = append(ran, key); return len(key) })
	if got := p.Get("ab", []string{"c", "d"}); got != 2 {
		t.Errorf("Get = %d, want 2", got)
	}
	p.Close()
	if !slices.Equal(ran, []string{"ab"}) {
		t.Errorf("ran %v, want [ab]", ran)
	}
}
