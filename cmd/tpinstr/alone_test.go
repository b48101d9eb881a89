package main

import (
	"strings"
	"testing"
)

// stateTests is a package whose second test races only when the first
// has set a package variable: the race is the README's masked one, which
// only the other order of two sections shows, under `if verbose`.
const stateTests = `package s

import (
	"sync"
	"testing"
)

var verbose = VERBOSE

func TestSetup(t *testing.T) { verbose = true }

func TestMasked(t *testing.T) {
	var mu sync.Mutex
	var wg sync.WaitGroup
	total, seen, last := 0, 0, 0
	wg.Add(2)
	go func() {
		defer wg.Done()
		if verbose {
			last = 1
		}
		mu.Lock()
		total++
		mu.Unlock()
	}()
	go func() {
		defer wg.Done()
		mu.Lock()
		seen = total
		mu.Unlock()
		if verbose {
			_ = last
		}
	}()
	wg.Wait()
	_ = seen
}
`

// TestAloneDiffers checks the verdict of a test whose run depends on what
// an earlier test left: exploration runs the test alone, where the race
// of its other schedule does not happen, so the run must not claim every
// schedule; with the variable set from the start, the race is found.
func TestAloneDiffers(t *testing.T) {
	tests := []struct {
		verbose string
		status  int
		want    string
	}{
		{"false", 0, "TestMasked: checked this schedule only: the test's run, which depends on what the tests before it left"},
		{"true", 1, "--- FAIL: TestMasked"},
	}
	for _, tt := range tests {
		t.Run("verbose="+tt.verbose, func(t *testing.T) {
			code, stderr, out := testPackage(t, map[string]string{"s/s_test.go": strings.Replace(stateTests, "VERBOSE", tt.verbose, 1)})
			if code != tt.status {
				t.Errorf("status %d, want %d; stderr:\n%s", code, tt.status, stderr)
			}
			if !strings.Contains(out, tt.want) {
				t.Errorf("no %q in the output:\n%s", tt.want, out)
			}
		})
	}
}
