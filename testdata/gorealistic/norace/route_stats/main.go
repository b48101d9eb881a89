// Command route_stats: four handlers resolve request paths by longest prefix against a routing table that main builds before they start and they only read, and report each outcome through method values of a stats struct that embeds sync.Mutex (found := st.found, notFound := st.notFound); both methods take the lock, and main reads the counts after the WaitGroup's Wait: no race.
package main

import (
	"fmt"
	"sort"
	"strings"
	"sync"
)

// route is where a path prefix is served, and what a request costs there.
type route struct {
	backend string
	cost    int
}

// table maps a path prefix to its route; it is built once, then only read.
type table map[string]route

// resolve finds the route of the longest prefix of path in t.
func (t table) resolve(path string) (route, bool) {
	for p := path; p != ""; {
		if r, ok := t[p]; ok {
			return r, true
		}
		i := strings.LastIndexByte(p, '/')
		if i <= 0 {
			break
		}
		p = p[:i]
	}
	return route{}, false
}

// stats counts the outcomes of the requests.
type stats struct {
	sync.Mutex
	byBackend map[string]int
	cost      int
	misses    int
}

func (s *stats) found(r route) {
	s.Lock()
	defer s.Unlock()
	s.byBackend[r.backend]++
	s.cost += r.cost
}

func (s *stats) notFound(path string) {
	s.Lock()
	s.misses++
	s.Unlock()
}

// serve handles reqs, reporting each outcome.
func serve(t table, reqs []string, found func(route), notFound func(string), wg *sync.WaitGroup) {
	defer wg.Done()
	for _, p := range reqs {
		if r, ok := t.resolve(p); ok {
			found(r)
		} else {
			notFound(p)
		}
	}
}

func main() {
	t := table{}
	for _, line := range []string{
		"/api=api-v1:3", "/api/v2=api-v2:4", "/static=cdn:1", "/login=auth:5",
		"/api/v2/search=search:9", "/admin=auth:5",
	} {
		p, rest, _ := strings.Cut(line, "=")
		b, c, _ := strings.Cut(rest, ":")
		var cost int
		fmt.Sscan(c, &cost)
		t[p] = route{backend: b, cost: cost}
	}

	reqs := []string{
		"/api/users", "/static/app.js", "/wp-admin.php", "/api/v2/search/q",
		"/login", "/api/v2/items/7", "/favicon.ico", "/static/app.css",
		"/admin/users", "/api/v2/search", "/static/logo.png", "/.env",
		"/api/orders/9", "/robots.txt", "/login/reset", "/api/v2",
	}
	st := &stats{byBackend: map[string]int{}}
	found, notFound := st.found, st.notFound
	var wg sync.WaitGroup
	for h := range 4 {
		wg.Add(1)
		go serve(t, reqs[h*4:(h+1)*4], found, notFound, &wg)
	}
	wg.Wait()

	backends := make([]string, 0, len(st.byBackend))
	for b := range st.byBackend {
		backends = append(backends, b)
	}
	sort.Strings(backends)
	for _, b := range backends {
		fmt.Printf("%-8s %d\n", b, st.byBackend[b])
	}
	fmt.Println("cost:", st.cost)
	fmt.Println("no route:", st.misses)
}
