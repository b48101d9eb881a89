// Command geo_lookup: workers limited to three at a time by a semaphore channel resolve IP addresses to regions through a table that a resolver builds lazily with sync.Once; the resolver's fast path checks the table pointer before calling Do (double-checked initialisation), and that unsynchronised check races with the write of the pointer inside Do by whichever worker initialises it, in every schedule; a worker that finds the pointer set then reads the spans unordered with their writes too.
package main

import (
	"fmt"
	"net/netip"
	"sort"
	"sync"
)

// span is a range of addresses and its region.
type span struct {
	first, last netip.Addr
	region      string
}

// resolver maps addresses to regions, loading its table on first use.
type resolver struct {
	once  sync.Once
	table []span
	loads int
}

// load builds the table of spans, sorted by first address.
func (r *resolver) load() {
	raw := [][3]string{
		{"10.0.0.0", "10.255.255.255", "private"},
		{"192.168.0.0", "192.168.255.255", "private"},
		{"81.2.69.0", "81.2.69.255", "eu-west"},
		{"1.0.0.0", "1.0.0.255", "ap-south"},
		{"8.8.8.0", "8.8.8.255", "us-east"},
	}
	t := make([]span, 0, len(raw))
	for _, s := range raw {
		t = append(t, span{netip.MustParseAddr(s[0]), netip.MustParseAddr(s[1]), s[2]}) // race:first,last,region
	}
	sort.Slice(t, func(i, j int) bool { return t[i].first.Less(t[j].first) })
	r.loads++
	r.table = t // race:table
}

// spans returns the table, loading it if needed.
func (r *resolver) spans() []span {
	if r.table == nil { // race:table
		r.once.Do(r.load)
	}
	return r.table
}

// region returns the region of addr, or "unknown".
func (r *resolver) region(addr netip.Addr) string {
	t := r.spans()
	i := sort.Search(len(t), func(i int) bool { return addr.Less(t[i].first) }) // race:first
	if i > 0 && !t[i-1].last.Less(addr) {                                       // race:last
		return t[i-1].region // race:region
	}
	return "unknown"
}

func main() {
	addrs := []string{
		"10.1.2.3", "8.8.8.8", "81.2.69.160", "1.0.0.1",
		"172.16.0.1", "192.168.1.10", "8.8.4.4", "10.0.0.1",
	}
	r := &resolver{}
	sem := make(chan struct{}, 3)
	regions := make([]string, len(addrs))
	var wg sync.WaitGroup
	for i, a := range addrs {
		sem <- struct{}{}
		wg.Add(1)
		go func() {
			defer func() {
				<-sem
				wg.Done()
			}()
			regions[i] = r.region(netip.MustParseAddr(a))
		}()
	}
	wg.Wait()

	count := map[string]int{}
	for i, a := range addrs {
		fmt.Printf("%-14s %s\n", a, regions[i])
		count[regions[i]]++
	}
	fmt.Println("private:", count["private"], "unknown:", count["unknown"])
	fmt.Println("table loads:", r.loads)
}
