package main

import (
	"strings"
	"testing"
)

// exampleTests is a package whose example races only in the schedule
// where the second goroutine locks first (the README's masked race), after
// a test that synchronises goroutines of its own: the example must be
// explored on its own, as a test is, not as a run of the whole binary.
const exampleTests = `package s

import (
	"fmt"
	"sync"
	"testing"
)

func TestA(t *testing.T) {
	var mu sync.Mutex
	var wg sync.WaitGroup
	n := 0
	for i := 0; i < 2; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			mu.Lock()
			n = n*2 + i
			mu.Unlock()
		}()
	}
	wg.Wait()
}

func Example_masked() {
	var mu sync.Mutex
	var wg sync.WaitGroup
	total, seen, last := 0, 0, 0
	wg.Add(2)
	go func() {
		defer wg.Done()
		last = 1
		_ = last
		mu.Lock()
		total++
		mu.Unlock()
	}()
	go func() {
		defer wg.Done()
		mu.Lock()
		seen = total
		mu.Unlock()
		LASTREAD
	}()
	wg.Wait()
	fmt.Println("done", seen <= 1)
	// Output: done true
}
`

// TestExamples checks that an example is checked as a test: its race,
// which one more schedule shows, fails the example (not "outside any
// test"), and its race-free twin passes; in both, the summary counts the
// example's verdict beside the test's.
func TestExamples(t *testing.T) {
	tests := []struct {
		name, read string
		status     int
		want       []string
		dontWant   []string
	}{
		{"race", "_ = last", 1,
			[]string{"WARNING: DATA RACE", "--- FAIL: Example_masked",
				"tpinstr: 1 data race found during execution of this example", "every schedule checked (2 tests)"},
			[]string{"outside any test"}},
		{"norace", "", 0,
			[]string{"every schedule checked (2 tests)"},
			[]string{"WARNING: DATA RACE", "outside any test", "FAIL"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, stderr, out := testPackage(t, map[string]string{"s/s_test.go": strings.Replace(exampleTests, "LASTREAD", tt.read, 1)})
			if code != tt.status {
				t.Errorf("status %d, want %d; stderr:\n%s", code, tt.status, stderr)
			}
			for _, w := range tt.want {
				if !strings.Contains(out, w) {
					t.Errorf("no %q in the output:\n%s", w, out)
				}
			}
			for _, w := range tt.dontWant {
				if strings.Contains(out, w) {
					t.Errorf("%q in the output:\n%s", w, out)
				}
			}
		})
	}
}
