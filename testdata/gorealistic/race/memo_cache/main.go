// Command memo_cache: a memoising cache of edit distances guarded by an RWMutex, with a dictionary loaded lazily by sync.Once; a warm-up goroutine records how many entries it preloaded in a field written before it takes the write lock, and workers, which parse their queries first, read that field under the read lock on a miss. When the warm-up's section comes first, as it almost always does, its Unlock orders the write before the reads; when a worker's RLock comes first, they race. Go's -race sees only the usual order.
package main

import (
	"fmt"
	"strings"
	"sync"
)

// cache memoises distances between words of a lazily loaded dictionary.
type cache struct {
	once  sync.Once
	words []string

	mu        sync.RWMutex
	dist      map[string]int
	preloaded int // entries the warm-up stored
}

// dict loads the dictionary on first use.
func (c *cache) dict() []string {
	c.once.Do(func() {
		c.words = strings.Fields("kitten sitting mitten bitten written smitten knitting")
	})
	return c.words
}

// editDistance is the Levenshtein distance between a and b.
func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

// lookup returns the distance of a and b, computing and storing it on a miss;
// misses says whether the warm-up had preloaded anything when it missed.
func (c *cache) lookup(a, b string) (d int, warm bool) {
	key := a + "|" + b
	c.mu.RLock()
	d, ok := c.dist[key]
	if !ok {
		warm = c.preloaded > 0 // race:preloaded
	}
	c.mu.RUnlock()
	if ok {
		return d, true
	}
	d = editDistance(a, b)
	c.mu.Lock()
	c.dist[key] = d
	c.mu.Unlock()
	return d, warm
}

// warmUp preloads the distances from the first word to all others.
func (c *cache) warmUp() {
	words := c.dict()
	local := map[string]int{}
	for _, w := range words[1:] {
		local[words[0]+"|"+w] = editDistance(words[0], w)
	}
	c.preloaded = len(local) // race:preloaded
	c.mu.Lock()
	for k, v := range local {
		c.dist[k] = v
	}
	c.mu.Unlock()
}

// parse normalises a raw query, slowly, as a real parser might.
func parse(q string) []string {
	h := 0
	for i := 0; i < 3_000_000; i++ {
		h = h*31 + i
	}
	_ = h
	return strings.Fields(strings.ToLower(q))
}

func main() {
	c := &cache{dist: map[string]int{}}
	queries := []string{"KITTEN sitting", "kitten Mitten", "written smitten"}
	out := make([]int, len(queries))

	var wg sync.WaitGroup
	wg.Add(1 + len(queries))
	go func() {
		defer wg.Done()
		c.warmUp()
	}()
	for i, q := range queries {
		go func() {
			defer wg.Done()
			f := parse(q)
			_ = c.dict()
			d, _ := c.lookup(f[0], f[1])
			out[i] = d
		}()
	}
	wg.Wait()

	for i, q := range queries {
		fmt.Printf("%-16s %d\n", q, out[i])
	}
	fmt.Println("cached:", len(c.dist))
}
