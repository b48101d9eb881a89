package lru

import (
	"fmt"
	"strconv"
	"sync"
	"testing"
)

func TestEvictionOrder(t *testing.T) {
	var evicted []string
	c := New(2, func(k string, _ int) { evicted = append(evicted, k) })
	c.Put("a", 1)
	c.Put("b", 2)
	c.Get("a")
	c.Put("c", 3)
	if len(evicted) != 1 || evicted[0] != "b" {
		t.Fatalf("evicted %v, want [b]", evicted)
	}
	if got := fmt.Sprint(c.Keys()); got != "[c a]" {
		t.Fatalf("Keys = %s", got)
	}
}

func TestConcurrentLoader(t *testing.T) {
	var mu sync.Mutex
	loads := map[int]int{}
	c := New[int, string](8, nil)
	get := c.Loader(func(k int) (string, error) {
		mu.Lock()
		loads[k]++
		mu.Unlock()
		return strconv.Itoa(k * k), nil
	})
	put := c.Put

	var wg sync.WaitGroup
	for g := 0; g < 3; g++ {
		wg.Add(1)
		go func(g int) {
			defer wg.Done()
			for i := 0; i < 6; i++ {
				k := (g + i) % 5
				v, err := get(k)
				if err != nil || v != strconv.Itoa(k*k) {
					t.Errorf("get(%d) = %q, %v", k, v, err)
				}
			}
			put(100+g, "extra")
		}(g)
	}
	wg.Wait()

	st := c.Stats()
	if st.Hits+st.Misses != 18 {
		t.Errorf("hits+misses = %d, want 18", st.Hits+st.Misses)
	}
	if st.Len != 8 {
		t.Errorf("Len = %d, want 8", st.Len)
	}
	total := 0
	for _, n := range loads {
		total += n
	}
	if uint64(total) != st.Misses {
		t.Errorf("%d loads for %d misses", total, st.Misses)
	}
}
