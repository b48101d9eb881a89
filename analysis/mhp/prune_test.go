package mhp

import (
	"go/ast"
	"go/types"
	"slices"
	"testing"

	"github.com/tpinstr/tpinstr/analysis/internal/tasktest"
)

const pruneSrc = `package p

import "github.com/tpinstr/tpinstr/rt/task"

func ordered(t *task.T) int {
	x := 1 // written before any task is spawned
	t.Finish(func(t *task.T) {
		t.Async(func(t *task.T) { _ = x })
		t.Async(func(t *task.T) { _ = x })
	})
	x = 2 // after the finish
	return x
}

func racy(t *task.T) int {
	sum := 0
	t.ForAll(0, 10, func(t *task.T, i int) { sum += i })
	return sum
}

func perIteration(t *task.T) {
	var a [10]int
	t.ForAll(0, 10, func(t *task.T, i int) { a[i] = i })
	s := make([]int, 10)
	t.ForAll(0, 10, func(t *task.T, i int) { s[i] = a[i] })
}

func sameElement(t *task.T) {
	var a [10]int
	t.ForAll(0, 10, func(t *task.T, i int) { a[0] = i })
}

func strided(t *task.T) {
	var a [20]int
	t.ForAll(0, 10, func(t *task.T, i int) { a[2*i], a[2*i+1] = i, -i })
	var b [4][4]int
	t.ForAll(0, 4, func(t *task.T, i int) {
		for j := 0; j < 4; j++ {
			b[j][i] = j
		}
	})
}

func neighbours(t *task.T) {
	var a [11]int
	t.ForAll(0, 10, func(t *task.T, i int) { a[i] = a[i+1] })
	var b [4][4]int
	t.ForAll(0, 4, func(t *task.T, i int) {
		for j := 0; j < 4; j++ {
			b[j][i] = b[i][j]
		}
	})
}

func addressTaken(t *task.T) {
	y := 0
	p := &y
	_ = p
}

func goroutine() {
	z := 0
	go func() { z = 1 }()
	_ = z
}

func withGoto(t *task.T) {
	w := 0
	goto end
end:
	_ = w
}

func loopVar(t *task.T) {
	for i := 0; i < 10; i++ {
		t.Async(func(t *task.T) { _ = i })
	}
}

func par(t *task.T, f, g func()) {
	t.Finish(func(t *task.T) {
		t.Async(func(t *task.T) { f() })
		t.Async(func(t *task.T) { g() })
	})
}

func seq(t *task.T, f, g func()) {
	f()
	g()
}

func viaPar(t *task.T) {
	u := 0
	par(t, func() { u++ }, func() { u++ })
}

func viaSeq(t *task.T) {
	v := 0
	seq(t, func() { v++ }, func() { v++ })
}

func post(t *task.T, f func() int) *task.Future[int] {
	return task.NewFuture(t, func(t *task.T) int { return f() })
}

func viaPostJoined(t *task.T) int {
	w := 0
	h := post(t, func() int { w = 1; return 0 })
	h.Get()
	return w
}

func viaPostUnjoined(t *task.T) int {
	w := 0
	h := post(t, func() int { w = 1; return 0 })
	r := w
	h.Get()
	return r
}

func result(t *task.T) (r int) {
	t.Async(func(t *task.T) { r = 1 })
	return
}

type hook struct{ run func(int) int }

func stored() *hook {
	hits := 0
	return &hook{run: func(v int) int {
		local := v
		local++
		hits++
		return local
	}}
}

func callStored(t *task.T, h *hook) {
	t.ForAll(0, 4, func(t *task.T, i int) { h.run(i) })
}
`

// declared returns the variable called name declared in function fn.
func declared(t *testing.T, p *tasktest.Package, fn, name string) *types.Var {
	t.Helper()
	var found *types.Var
	ast.Inspect(p.Func(fn), func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && id.Name == name {
			if v, ok := p.Info.Defs[id].(*types.Var); ok {
				found = v
			}
		}
		return true
	})
	if found == nil {
		t.Fatalf("no variable %s in %s", name, fn)
	}
	return found
}

func TestPrune(t *testing.T) {
	p, err := tasktest.Load("example.com/p", map[string]string{"p.go": pruneSrc})
	if err != nil {
		t.Fatal(err)
	}
	pr := PruneFiles(p.Fset, p.Files, p.Types, p.Info)
	tests := []struct {
		fn, v  string
		pruned bool
	}{
		{"ordered", "x", true},
		{"racy", "sum", false},
		{"racy", "i", true}, // the index parameter, only read
		{"perIteration", "a", true},
		{"perIteration", "s", true}, // the slice variable; not its elements
		{"sameElement", "a", false},
		{"strided", "a", true}, // a[2i] and a[2i+1]: distinct iterations, distinct elements
		{"strided", "b", true}, // column i
		{"neighbours", "a", false},
		{"neighbours", "b", false},
		{"addressTaken", "y", false},
		{"addressTaken", "p", true},
		{"goroutine", "z", false},
		{"withGoto", "w", false},
		{"loopVar", "i", true},
		{"viaPar", "u", false},
		{"viaSeq", "v", true},
		{"result", "r", false},
		{"viaPostJoined", "w", true}, // the Get on the returned future orders the write
		{"viaPostUnjoined", "w", false},
		// A literal called through a field from another function: what it
		// captures is never pruned, its own locals are pruned by the
		// tree of the function that declares them.
		{"stored", "hits", false},
		{"stored", "local", true},
	}
	for _, tt := range tests {
		if got := pr.Vars[declared(t, p, tt.fn, tt.v)]; got != tt.pruned {
			t.Errorf("%s: pruned(%s) = %v, want %v", tt.fn, tt.v, got, tt.pruned)
		}
	}
}

func TestPruneOldLoopVariables(t *testing.T) {
	// Before go1.22 the loop variable is shared by all iterations, and the
	// post statement writes it while the asyncs read it.
	p, err := tasktest.LoadVersion("example.com/p", "go1.21", map[string]string{"p.go": pruneSrc})
	if err != nil {
		t.Fatal(err)
	}
	pr := PruneFiles(p.Fset, p.Files, p.Types, p.Info)
	if pr.Vars[declared(t, p, "loopVar", "i")] {
		t.Errorf("shared loop variable i pruned")
	}
	if !pr.Vars[declared(t, p, "ordered", "x")] {
		t.Errorf("x not pruned with go1.21")
	}
}

func TestPrunedCovers(t *testing.T) {
	p, err := tasktest.Load("example.com/p", map[string]string{"p.go": pruneSrc})
	if err != nil {
		t.Fatal(err)
	}
	pr := PruneFiles(p.Fset, p.Files, p.Types, p.Info)
	var covered, notCovered []string
	ast.Inspect(p.Func("perIteration"), func(n ast.Node) bool {
		if e, ok := n.(*ast.IndexExpr); ok {
			s := types.ExprString(e)
			if pr.Covers(e) {
				covered = append(covered, s)
			} else {
				notCovered = append(notCovered, s)
			}
		}
		return true
	})
	// a[i] is inside the pruned array a; s[i] is in s's backing array.
	if !slices.Contains(covered, "a[i]") || !slices.Contains(notCovered, "s[i]") {
		t.Errorf("covered %v, not covered %v", covered, notCovered)
	}
	if len(pr.Sites) == 0 {
		t.Errorf("no sites")
	}
}
