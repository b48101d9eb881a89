package main

import (
	"bytes"
	"regexp"
	"strings"
	"testing"
)

// parallelTests are tests whose subtests call t.Parallel, in the shapes
// table-driven tests take: their parallel parts race (or not) with one
// another, whatever order package testing runs them in; and subtests that
// race with a goroutine their parent left running.
const parallelTests = `package p

import (
	"sync"
	"testing"
)

var shared int

func TestRacy(t *testing.T) {
	for _, n := range []string{"a", "b"} {
		t.Run(n, func(t *testing.T) {
			t.Parallel()
			shared++
		})
	}
}

func TestSafe(t *testing.T) {
	var mu sync.Mutex
	total := 0
	for _, n := range []string{"a", "b"} {
		t.Run(n, func(t *testing.T) {
			t.Parallel()
			mu.Lock()
			total++
			mu.Unlock()
		})
	}
}

func TestOrdered(t *testing.T) {
	cfg := map[string]int{}
	limit := 0
	for _, n := range []string{"a", "b", "c"} {
		t.Run(n, func(t *testing.T) {
			cfg[n] = len(n) // before t.Parallel: in sequence
			t.Parallel()
			if len(cfg) != 3 || limit != 10 {
				t.Errorf("cfg %v limit %d", cfg, limit)
			}
		})
	}
	limit = 10 // before the parallel parts
}

func TestMasked(t *testing.T) {
	var mu sync.Mutex
	x := 0
	t.Run("a", func(t *testing.T) {
		t.Parallel()
		x = 1
		mu.Lock()
		mu.Unlock()
	})
	t.Run("b", func(t *testing.T) {
		t.Parallel()
		mu.Lock()
		mu.Unlock()
		_ = x
	})
}

func TestOrderMatters(t *testing.T) {
	var mu sync.Mutex
	x, ready := 0, false
	t.Run("a", func(t *testing.T) {
		t.Parallel()
		x = 1
		mu.Lock()
		ready = true
		mu.Unlock()
	})
	t.Run("b", func(t *testing.T) {
		t.Parallel()
		mu.Lock()
		r := ready
		mu.Unlock()
		if r {
			_ = x
		}
	})
}

func TestGoroutines(t *testing.T) {
	for _, n := range []string{"a", "b"} {
		t.Run(n, func(t *testing.T) {
			t.Parallel()
			var wg sync.WaitGroup
			sum := 0
			for i := range 3 {
				wg.Add(1)
				go func() { defer wg.Done(); mu2.Lock(); sum += i; mu2.Unlock() }()
			}
			wg.Wait()
			_ = sum
		})
	}
}

var mu2 sync.Mutex

func TestTop1(t *testing.T) {
	t.Parallel()
	shared2++
}

func TestTop2(t *testing.T) {
	t.Parallel()
	shared2++
}

var shared2 int

func TestNested(t *testing.T) {
	var v int
	t.Run("outer1", func(t *testing.T) {
		t.Parallel()
		t.Run("inner", func(t *testing.T) { v++ })
	})
	t.Run("outer2", func(t *testing.T) {
		t.Parallel()
		v++
	})
}

func TestLeftRunning(t *testing.T) {
	x := 0
	done := make(chan bool)
	go func() {
		x = 1
		<-done
	}()
	t.Run("sub", func(t *testing.T) {
		_ = x
	})
	close(done)
}
`

// parallelTests2 is a parallel test whose subtests are parallel too, in a
// package of its own (a test binary whose only parallel test it is).
const parallelTests2 = `package p2

import (
	"sync"
	"testing"
)

// TestTopSubtests is a parallel test whose subtests are parallel too: its
// run goes on until they end.
func TestTopSubtests(t *testing.T) {
	t.Parallel()
	var mu sync.Mutex
	n := 0
	for _, name := range []string{"a", "b"} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			mu.Lock()
			n++
			mu.Unlock()
		})
	}
}
`

// TestTestParallel runs tpinstr test on parallelTests: each test fails or
// passes as its races say, and says which verdict applies.
func TestTestParallel(t *testing.T) {
	dir := userModule(t, map[string]string{"p/p_test.go": parallelTests, "p2/p2_test.go": parallelTests2})
	tmp := t.TempDir()
	var stdout, stderr bytes.Buffer
	cmd := tpinstrCmd(t, dir, tmp, nil, "test", "-v", "./...")
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if code := exitStatus(t, cmd.Run()); code != 1 {
		t.Errorf("status %d, want 1; stderr:\n%s", code, stderr.String())
	}
	out := stdout.String()
	// Package testing picks the order of parallel siblings: usually the
	// order they paused in, but not always on a busy machine.
	firstTop, secondTop := "TestTop1", "TestTop2"
	if wentOnFirst(out, secondTop, firstTop) {
		firstTop, secondTop = secondTop, firstTop
	}
	tests := []struct {
		name    string
		fail    bool   // races found
		verdict string // what its verdict line says
	}{
		// The parallel parts of two subtests write one variable: found
		// in one run, whichever ran first.
		{"TestRacy", true, "checked every schedule of this input (3 goroutines)"},
		// Commuting sections of one mutex.
		{"TestSafe", false, "checked every schedule of this input (3 goroutines)"},
		// What the parent did before returning, and the siblings before
		// their t.Parallel, comes before every parallel part.
		{"TestOrdered", false, "checked every schedule of this input (4 goroutines)"},
		// An order of the siblings' sections could hide or show a race:
		// package testing's order is the only one run. TestMasked's
		// sections only read (they are empty), so they do not order a's
		// write before b's read in either order (goexec's readonly.go):
		// the race is found whichever went on first.
		{"TestMasked", true, "checked this schedule only: the parallel subtests of TestMasked ran in the order package testing chose"},
		{"TestOrderMatters", false, "checked this schedule only: the parallel subtests of TestOrderMatters ran in the order package testing chose"},
		{"TestGoroutines", false, "checked every schedule of this input (9 goroutines)"},
		// A subtest of a parallel subtest follows its parent: its race
		// with its parent's sibling is found.
		{"TestNested", true, "checked every schedule of this input (4 goroutines)"},
		// A subtest follows what its parent did, not what a goroutine the
		// parent started did meanwhile; the subtest's read races with
		// that goroutine's write, which a second schedule makes after it
		// (a late start: rt/internal/goexec/start.go).
		{"TestLeftRunning", true, "checked every schedule of this input: 2 schedules of the orders of synchronisation (3 goroutines)"},
		// Top-level parallel tests are checked in one run: the race of
		// their parallel parts is found in the second to run.
		{firstTop, false, "checked with the package's other parallel tests, in one run: its verdict follows the last of them"},
		{secondTop, true, "checked every schedule of this input (2 goroutines)"},
		// Its run goes on until its subtests ended, which wait in
		// package testing (whose order is not explored).
		{"TestTopSubtests", false, "waited in testing.(*T).Parallel, which was not rewritten"},
	}
	for _, tt := range tests {
		result := "--- PASS: " + tt.name + " "
		if tt.fail {
			result = "--- FAIL: " + tt.name + " "
		}
		end := strings.Index(out, result)
		if end < 0 {
			t.Errorf("%s: no %q in the output:\n%s", tt.name, result, out)
			continue
		}
		// The verdict is the last tpinstr line before the result.
		lines := regexp.MustCompile(`(?m)^tpinstr: .*$`).FindAllString(out[:end], -1)
		if len(lines) == 0 || !strings.Contains(lines[len(lines)-1], tt.verdict) {
			t.Errorf("%s: verdicts %q, want the last to contain %q", tt.name, lines, tt.verdict)
		}
	}
	if !strings.Contains(out, "runs a test or subtest (started by testing.(*T).Run)") {
		t.Errorf("no report names a test goroutine as one:\n%s", out)
	}
	if strings.Contains(out, "exit.go") {
		t.Errorf("a failure names tpinstr's own file, not the test:\n%s", out)
	}

	// Alone, each top-level parallel test is a run of its own: the race
	// between them is not found, and the verdicts say so.
	stdout.Reset()
	stderr.Reset()
	cmd = tpinstrCmd(t, dir, tmp, []string{"TPINSTR=parallel_tests=alone"}, "test", "-v", "-run", "^TestTop", "./...")
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if code := exitStatus(t, cmd.Run()); code != 0 {
		t.Errorf("parallel_tests=alone: status %d, want 0; stdout:\n%s\nstderr:\n%s", code, stdout.String(), stderr.String())
	}
	for _, name := range []string{"TestTop1", "TestTop2"} {
		if want := "checked this schedule only: " + name + " calls t.Parallel and was checked alone"; !strings.Contains(stdout.String(), want) {
			t.Errorf("parallel_tests=alone: no %q in the output:\n%s", want, stdout.String())
		}
	}
	checkNoWorkDirs(t, tmp)
}

// wentOnFirst reports whether the parallel test or subtest named a went on
// before the one named b, as the "=== CONT" lines of go test -v say.
func wentOnFirst(out, a, b string) bool {
	i, j := strings.Index(out, "=== CONT  "+a+"\n"), strings.Index(out, "=== CONT  "+b+"\n")
	return i >= 0 && (j < 0 || i < j)
}
