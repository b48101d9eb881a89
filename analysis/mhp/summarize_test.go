package mhp

import (
	"go/types"
	"reflect"
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

// viaCopy writes through a copy of its pointer argument.
func viaCopy(p *int) {
	q := p
	*q = 1
}

// viaSlice writes element 2 of its argument through a slice of it.
func viaSlice(s []int) {
	tail := s[2:]
	tail[0] = 1
}

// post runs f in the future whose handle it returns.
func post(t *task.T, f func() int) *task.Future[int] {
	return task.NewFuture(t, func(t *task.T) int { return f() })
}

// postVar is post through a variable.
func postVar(t *task.T, f func() int) *task.Future[int] {
	h := task.NewFuture(t, func(t *task.T) int { return f() })
	return h
}

// postAlso also runs f outside the future.
func postAlso(t *task.T, f func() int) *task.Future[int] {
	f()
	return task.NewFuture(t, func(t *task.T) int { return f() })
}

// postNested runs f in a task that the future leaves running.
func postNested(t *task.T, f func() int) *task.Future[int] {
	return task.NewFuture(t, func(t *task.T) int {
		t.Async(func(t *task.T) { f() })
		return 0
	})
}

// postLoop returns the last of several futures.
func postLoop(t *task.T, f func() int) *task.Future[int] {
	var h *task.Future[int]
	for i := 0; i < 2; i++ {
		h = task.NewFuture(t, func(t *task.T) int { return f() })
	}
	return h
}

// postEither returns one of two futures.
func postEither(t *task.T, c bool, f func() int) *task.Future[int] {
	if c {
		return task.NewFuture(t, func(t *task.T) int { return f() })
	}
	return task.NewFuture(t, func(t *task.T) int { return f() })
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
	// Writes through a local alias of a parameter are effects on it.
	hasWrite := func(fn string, steps []pst.EffectStep) bool {
		for _, e := range sum(fn).Effects {
			if e.Global == "" && e.Param == 0 && e.Write && reflect.DeepEqual(e.Steps, steps) {
				return true
			}
		}
		return false
	}
	if !hasWrite("viaCopy", nil) {
		t.Errorf("viaCopy: effects %+v, want a write of *p", sum("viaCopy").Effects)
	}
	if !hasWrite("viaSlice", []pst.EffectStep{{Kind: pst.Index, Const: true, Value: 2}}) {
		t.Errorf("viaSlice: effects %+v, want a write of s[2]", sum("viaSlice").Effects)
	}
	// Callbacks run only by the future whose handle is returned.
	for _, tt := range []struct {
		fn    string
		param int
		want  bool
	}{
		{"post", 1, true},
		{"postVar", 1, true},
		{"postAlso", 1, false},
		{"postNested", 1, false},
		{"postLoop", 1, false},
		{"postEither", 2, false},
		{"callbacks", 1, false},
	} {
		if got := sum(tt.fn).ParamInFuture(tt.param); got != tt.want {
			t.Errorf("%s: parameter %d in the returned future: %v, want %v", tt.fn, tt.param, got, tt.want)
		}
	}
	iso := sum("isolated").Effects
	if len(iso) == 0 || !iso[0].Isolated {
		t.Errorf("isolated: effects %+v, want isolated", iso)
	}
}
