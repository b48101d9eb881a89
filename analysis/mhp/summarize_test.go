package mhp

import (
	"go/types"
	"testing"

	"github.com/tpinstr/tpinstr/analysis/internal/tasktest"
	"github.com/tpinstr/tpinstr/analysis/pst"
)

const summarySrc = `package p

import "github.com/tpinstr/tpinstr/rt/task"

var g int

// joined: the future is joined before the function returns.
func joined(t *task.T) int {
	h := task.NewFuture(t, func(t *task.T) int { g = 1; return 0 })
	return h.Get()
}

// leaky: an early return skips the Get.
func leaky(t *task.T, c bool) int {
	h := task.NewFuture(t, func(t *task.T) int { g = 1; return 0 })
	if c {
		return 0
	}
	return h.Get()
}

// spawns leaves a task running.
func spawns(t *task.T) { t.Async(func(t *task.T) { g++ }) }

// indirect calls spawns: its task outlives indirect too.
func indirect(t *task.T) { spawns(t) }

// finished wraps spawns in a Finish.
func finished(t *task.T) { t.Finish(func(t *task.T) { spawns(t) }) }

// callbacks invokes f once in a task it leaves running, g in a loop, k in
// a goroutine.
func callbacks(t *task.T, f, g func(), k func()) {
	t.Async(func(t *task.T) { f() })
	for i := 0; i < 3; i++ {
		g()
	}
	go k()
}

// fib recurses through futures; every future is joined.
func fib(t *task.T, n int) int {
	if n < 2 {
		return n
	}
	f := task.NewFuture(t, func(t *task.T) int { return fib(t, n-1) })
	y := fib(t, n-2)
	return f.Get() + y
}

// ping and pong are mutually recursive; pong spawns.
func ping(t *task.T, n int) {
	if n > 0 {
		pong(t, n-1)
	}
}

func pong(t *task.T, n int) {
	t.Async(func(t *task.T) { ping(t, n) })
}

// writes writes through its pointer argument.
func writes(p *int, q *[4]int) {
	*p = 1
	q[2] = 3
}

// isolated updates g inside Isolated.
func isolated(t *task.T) { t.Isolated(func() { g++ }) }
`

func TestSummaries(t *testing.T) {
	p, err := tasktest.Load("example.com/p", map[string]string{"p.go": summarySrc})
	if err != nil {
		t.Fatal(err)
	}
	res := Analyze(&Package{Fset: p.Fset, Files: p.Files, Types: p.Types, Info: p.Info})
	sum := func(name string) *pst.Summary {
		fn, _ := p.Types.Scope().Lookup(name).(*types.Func)
		s := res.Summaries[fn]
		if s == nil {
			t.Fatalf("no summary for %s", name)
		}
		return s
	}
	spawnTests := []struct {
		fn     string
		spawns pst.Esc
		ops    pst.Ops
	}{
		{"joined", pst.EscNone, pst.MaySpawn | pst.MayGet},
		{"leaky", pst.EscAsync, pst.MaySpawn | pst.MayGet},
		{"spawns", pst.EscAsync, pst.MaySpawn},
		{"indirect", pst.EscAsync, pst.MaySpawn},
		{"finished", pst.EscNone, pst.MaySpawn | pst.MayFinish},
		{"fib", pst.EscNone, pst.MaySpawn | pst.MayGet},
		{"ping", pst.EscAsync, pst.MaySpawn},
		{"pong", pst.EscAsync, pst.MaySpawn},
		{"writes", pst.EscNone, 0},
	}
	for _, tt := range spawnTests {
		s := sum(tt.fn)
		if s.Spawns != tt.spawns || s.Ops != tt.ops {
			t.Errorf("%s: spawns %d ops %d, want %d %d", tt.fn, s.Spawns, s.Ops, tt.spawns, tt.ops)
		}
	}

	// g's effects: escaping the call in leaky, finished in joined.
	for _, tt := range []struct {
		fn  string
		esc pst.Esc
	}{{"joined", pst.EscNone}, {"leaky", pst.EscAsync}, {"spawns", pst.EscAsync}, {"finished", pst.EscNone}} {
		es := sum(tt.fn).Effects
		if len(es) == 0 || es[0].Global != "example.com/p.g" || !es[0].Write || es[0].Esc != tt.esc {
			t.Errorf("%s: effects %+v, want a write of g with escape %d", tt.fn, es, tt.esc)
		}
	}

	cb := sum("callbacks")
	wantModes := []pst.Mode{pst.NotCalled, pst.CalledAsync, pst.CalledSync, pst.CalledDetached}
	wantOnce := []bool{false, true, false, false}
	for i := range wantModes {
		if cb.ParamMode(i) != wantModes[i] || cb.ParamOnce(i) != wantOnce[i] {
			t.Errorf("callbacks param %d: mode %d once %v, want %d %v", i, cb.ParamMode(i), cb.ParamOnce(i), wantModes[i], wantOnce[i])
		}
	}

	w := sum("writes").Effects
	if len(w) != 2 || w[0].Param != 0 || len(w[0].Steps) != 0 || w[1].Param != 1 || len(w[1].Steps) != 1 || w[1].Steps[0].Kind != pst.Index {
		t.Errorf("writes: effects %+v, want *p and q[_]", w)
	}
	iso := sum("isolated").Effects
	if len(iso) == 0 || !iso[0].Isolated {
		t.Errorf("isolated: effects %+v, want isolated", iso)
	}
}
