package main

import (
	"context"
	"io"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestBenchmarkFib builds the fib kernel in the serial and parallel modes,
// runs each once at the small size and checks that both succeeded with the
// same result line and that the report shows them.
func TestBenchmarkFib(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs a kernel")
	}
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	ks, err := selectKernels(kernels(), "fib")
	if err != nil {
		t.Fatal(err)
	}
	modes := []mode{modeSerial, modeParallel}
	cfg := config{
		root: root, goCmd: "go", kernels: ks, modes: modes,
		size: "small", reps: 1, timeout: time.Minute, log: io.Discard,
	}
	h, rows, err := benchmark(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 1 || rows[0].name != "fib" {
		t.Fatalf("rows = %+v, want one row for fib", rows)
	}
	for _, m := range modes {
		c := rows[0].cells[m]
		if c == nil || c.buildErr != nil || len(c.samples) != 1 {
			t.Fatalf("%s: cell %+v, want one run of a built binary", m, c)
		}
		s := c.samples[0]
		if s.outcome != outcomeOK || !strings.HasPrefix(s.result, "fib: fib(") {
			t.Errorf("%s: run %v printing %q (%s), want ok printing the fib result", m, s.outcome, s.result, s.detail)
		}
	}
	if _, ok := rows[0].cells[modeChecked]; ok {
		t.Errorf("the checked mode ran although it was not selected")
	}

	var b strings.Builder
	failed, err := writeReport(&b, h, modes, rows)
	if err != nil || failed {
		t.Fatalf("writeReport: failed %v, error %v\n%s", failed, err, b.String())
	}
	if !strings.Contains(b.String(), "| fib | ") || !strings.Contains(b.String(), "| parallel/serial |") {
		t.Errorf("report lacks the fib row or the parallel/serial column:\n%s", b.String())
	}
}
