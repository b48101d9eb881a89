// Command glob_rules: three workers classify sub-slices of a log by glob rules; the rules are loaded once by a sync.OnceValue, and each rule's compiled matcher is cached in a sync.Map (Load, then compile and LoadOrStore on a miss). OnceValue's function returns before any call returns its value, and sync.Map's Store or LoadOrStore is synchronized before the Load that observes it (its documentation says so), so the workers' reads of a rule or matcher that another worker built are ordered after its writes: no race.
package main

import (
	"fmt"
	"strings"
	"sync"
)

// rule classifies the lines that match a glob pattern.
type rule struct {
	pattern string
	class   string
}

// matcher is a compiled glob: the literal parts between the stars.
type matcher struct {
	parts []string
}

// loadRules reads the rules once, on first use.
var loadRules = sync.OnceValue(func() []rule {
	var rs []rule
	for _, l := range strings.Split("*timeout*=slow\nGET /api/*=api\n*panic:*=crash\n*=other", "\n") {
		p, c, _ := strings.Cut(l, "=")
		rs = append(rs, rule{pattern: p, class: c})
	}
	return rs
})

// cache holds the matcher of each pattern.
var cache sync.Map // pattern -> *matcher

// compile splits a glob pattern at its stars.
func compile(pattern string) *matcher {
	m := &matcher{}
	m.parts = strings.Split(pattern, "*")
	return m
}

// match reports whether s matches the glob.
func (m *matcher) match(s string) bool {
	if !strings.HasPrefix(s, m.parts[0]) {
		return false
	}
	s = s[len(m.parts[0]):]
	for _, p := range m.parts[1:] {
		i := strings.Index(s, p)
		if i < 0 {
			return false
		}
		s = s[i+len(p):]
	}
	return m.parts[len(m.parts)-1] == "" || s == ""
}

// classify returns the class of the first rule that line matches.
func classify(line string) string {
	for _, r := range loadRules() {
		v, ok := cache.Load(r.pattern)
		if !ok {
			v, _ = cache.LoadOrStore(r.pattern, compile(r.pattern))
		}
		if v.(*matcher).match(line) {
			return r.class
		}
	}
	return "none"
}

func main() {
	log := []string{
		"GET /api/users 200", "db timeout after 5s", "GET /index.html 200",
		"panic: nil map", "GET /api/orders 500", "cache miss",
		"read timeout", "GET /api/health 200", "worker started",
	}
	classes := make([]string, len(log))
	var wg sync.WaitGroup
	for w := 0; w < 3; w++ {
		lo, hi := w*3, (w+1)*3
		wg.Add(1)
		go func(lines, out []string) {
			defer wg.Done()
			for i, l := range lines {
				out[i] = classify(l)
			}
		}(log[lo:hi], classes[lo:hi])
	}
	wg.Wait()

	count := map[string]int{}
	for i, l := range log {
		fmt.Printf("%-22s %s\n", l, classes[i])
		count[classes[i]]++
	}
	fmt.Println("api:", count["api"], "slow:", count["slow"], "crash:", count["crash"])
}
