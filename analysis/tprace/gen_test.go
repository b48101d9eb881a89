package tprace_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/tpinstr/tpinstr/analysis/internal/tasktest"
	"github.com/tpinstr/tpinstr/analysis/tprace"
)

// templates are the function bodies of generated packages. %[1]d is the
// function's number; races is how many race reports each one must get.
var templates = []struct {
	src   string
	races int
}{
	{ // ForAll: a per-index array (no report) and a shared sum (one report)
		src: `
func f%[1]d(t *task.T, n int) (int, [16]int) {
	var squares [16]int
	t.ForAll(0, 16, func(t *task.T, i int) {
		v := i * i
		if v%%2 == 0 {
			v += 3
		} else {
			v -= 1
		}
		squares[i] = v
	})
	sum := 0
	t.ForAll(0, n, func(t *task.T, i int) {
		sum += squares[i%%16]
	})
	for k := 0; k < 4; k++ {
		if k == n {
			break
		}
		sum -= k
	}
	return sum, squares
}
`, races: 1},
	{ // Finish around two asyncs on different variables, read after it
		src: `
func f%[1]d(t *task.T, xs []int) int {
	left, right := 0, 0
	t.Finish(func(t *task.T) {
		t.Async(func(t *task.T) {
			for _, x := range xs[:len(xs)/2] {
				left += x
			}
		})
		t.Async(func(t *task.T) {
			for _, x := range xs[len(xs)/2:] {
				right += x
			}
		})
	})
	total := left + right
	switch {
	case total > 100:
		total = 100
	case total < 0:
		total = 0
	}
	return total
}
`},
	{ // futures joined by Get before their results are used
		src: `
func f%[1]d(t *task.T, n int) int {
	shared := 0
	a := task.NewFuture(t, func(t *task.T) int {
		shared = n * 2
		return n + 1
	})
	b := task.NewFuture(t, func(t *task.T) int {
		s := 0
		for i := 0; i < n; i++ {
			s += i
		}
		return s
	})
	x := a.Get()
	y := b.Get()
	if x > y {
		return x - y + shared
	}
	return y - x + shared
}
`},
	{ // a loop of asyncs on distinct elements, and a helper on a global
		src: `
func f%[1]d(t *task.T, xs []int) {
	t.Finish(func(t *task.T) {
		for i := range xs {
			t.Async(func(t *task.T) {
				xs[i] = xs[i]*2 + 1
			})
		}
	})
	t.ForAll(0, len(xs), func(t *task.T, i int) {
		bump%[1]d(xs[i])
	})
}

func bump%[1]d(v int) {
	if v > 0 {
		global%[1]d += v
	}
}

var global%[1]d int
`, races: 1},
	{ // nested finishes, isolated updates, a closure called in place
		src: `
func f%[1]d(t *task.T, n int) int {
	count := 0
	hits := 0
	t.Finish(func(t *task.T) {
		for i := 0; i < n; i++ {
			t.Async(func(t *task.T) {
				t.Finish(func(t *task.T) {
					t.Async(func(t *task.T) {
						t.Isolated(func() { count++ })
					})
				})
				t.Isolated(func() { hits += i })
			})
		}
	})
	check := func(v int) bool { return v >= 0 }
	if !check(count) || !check(hits) {
		return -1
	}
	c := &Counter%[1]d{}
	c.Add(count)
	return c.n + hits
}

type Counter%[1]d struct{ n int }

func (c *Counter%[1]d) Add(v int) { c.n += v }
`},
}

// generate returns a package of nfuncs functions and the number of race
// reports the analyzer must give on it.
func generate(nfuncs int) (string, int) {
	var b strings.Builder
	b.WriteString("// Package gen is generated for the analyzer's scale test.\npackage gen\n\nimport \"github.com/tpinstr/tpinstr/rt/task\"\n")
	races := 0
	for i := 0; i < nfuncs; i++ {
		tpl := templates[i%len(templates)]
		fmt.Fprintf(&b, tpl.src, i)
		races += tpl.races
	}
	return b.String(), races
}

// writeGenerated lays out a GOPATH tree with the task stub and a generated
// package, and loads the package.
func writeGenerated(t testing.TB, nfuncs int) ([]*packages.Package, int, int) {
	dir := t.TempDir()
	src, races := generate(nfuncs)
	files := map[string]string{
		filepath.Join("src", tasktest.TaskPath, "task.go"):   tasktest.Stub,
		filepath.Join("src", "example.com", "gen", "gen.go"): src,
	}
	for name, content := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cfg := &packages.Config{
		Mode: packages.LoadAllSyntax,
		Dir:  dir,
		Env:  append(os.Environ(), "GOPATH="+dir, "GO111MODULE=off", "GOFLAGS="),
	}
	pkgs, err := packages.Load(cfg, "example.com/gen")
	if err != nil {
		t.Fatal(err)
	}
	if packages.PrintErrors(pkgs) > 0 {
		t.Fatal("generated package does not type-check")
	}
	return pkgs, races, strings.Count(src, "\n")
}

func analyze(t testing.TB, pkgs []*packages.Package) []analysis.Diagnostic {
	res, err := checker.Analyze([]*analysis.Analyzer{tprace.Analyzer}, pkgs, nil)
	if err != nil {
		t.Fatal(err)
	}
	var diags []analysis.Diagnostic
	for _, act := range res.Roots {
		if act.Err != nil {
			t.Fatal(act.Err)
		}
		diags = append(diags, act.Diagnostics...)
	}
	return diags
}

// TestGenerated checks the analyzer on a generated package: exactly the
// races the templates contain, nothing else.
func TestGenerated(t *testing.T) {
	pkgs, races, _ := writeGenerated(t, 2*len(templates))
	got := 0
	for _, d := range analyze(t, pkgs) {
		if d.Category != tprace.CategoryRace {
			t.Errorf("unexpected diagnostic: %s", d.Message)
			continue
		}
		got++
		t.Log(d.Message)
	}
	if got != races {
		t.Errorf("%d race reports, want %d", got, races)
	}
}

// BenchmarkAnalyzer10kLines measures the analyzer on a generated package of
// about 10,000 lines (loading and type-checking excluded).
func BenchmarkAnalyzer10kLines(b *testing.B) {
	pkgs, _, lines := writeGenerated(b, 10000/21)
	b.ResetTimer()
	for b.Loop() {
		analyze(b, pkgs)
	}
	b.ReportMetric(float64(lines), "lines")
}
