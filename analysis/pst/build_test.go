package pst

import (
	"go/types"
	"strings"
	"testing"

	"github.com/tpinstr/tpinstr/analysis/internal/tasktest"
)

// buildSrc type-checks a function f written with the task library and
// returns the dump of its tree.
func buildSrc(t *testing.T, body string, callees Callees) (*Tree, string) {
	t.Helper()
	src := "package p\n\nimport \"github.com/tpinstr/tpinstr/rt/task\"\n\nvar g int\n\nvar _ *task.T\n\n" + body + "\n"
	p, err := tasktest.Load("example.com/p", map[string]string{"p.go": src})
	if err != nil {
		t.Fatal(err)
	}
	tr := BuildFunc(&Config{Fset: p.Fset, Pkg: p.Types, Info: p.Info, Callees: callees}, p.Files[0], p.Func("f"))
	return tr, Dump(tr.Root)
}

// lines joins an indented expected dump.
func lines(s ...string) string { return strings.Join(s, "\n") + "\n" }

func TestBuildTaskConstructs(t *testing.T) {
	tests := []struct {
		name string
		src  string
		want string
	}{
		{
			name: "async finish isolated",
			src: `func f(t *task.T) {
				t.Finish(func(t *task.T) {
					t.Async(func(t *task.T) { g = 1 })
					t.Isolated(func() { g++ })
				})
			}`,
			want: lines(
				"root function body",
				"  r t",
				"  finish Finish",
				"    r t",
				"    async Async",
				"      w p.g",
				"    r t",
				"    isolated Isolated",
				"      r p.g",
				"      w p.g",
			),
		},
		{
			name: "forall is finish loop async with the index",
			src: `func f(t *task.T, a []int) {
				t.ForAll(0, 4, func(t *task.T, i int) { a[i] = i })
			}`,
			want: lines(
				"root function body",
				"  r t",
				"  finish ForAll",
				"    loop ForAll [i]",
				"      async ForAll",
				"        r i",
				"        r a",
				"        r i",
				"        w a[i]",
			),
		},
		{
			name: "forasync has no finish",
			src: `func f(t *task.T) {
				t.ForAsync(0, 4, func(t *task.T, i int) {})
			}`,
			want: lines(
				"root function body",
				"  r t",
				"  loop ForAsync [i]",
				"    async ForAsync",
			),
		},
		{
			name: "future and get",
			src: `func f(t *task.T) int {
				h := task.NewFuture(t, func(t *task.T) int { return g })
				return h.Get()
			}`,
			want: lines(
				"root function body",
				"  r t",
				"  async NewFuture -> h",
				"    r p.g",
				"    exit",
				"  w h",
				"  r h",
				"  get h",
				"  exit",
			),
		},
		{
			name: "run is a finish",
			src: `func f() {
				task.Run(func(t *task.T) { g = 2 })
			}`,
			want: lines(
				"root function body",
				"  finish Run",
				"    w p.g",
			),
		},
		{
			name: "conditional branches are marked",
			src: `func f(t *task.T, c bool) {
				if c {
					t.Async(func(t *task.T) {})
				} else {
					g = 1
				}
			}`,
			want: lines(
				"root function body",
				"  r c",
				"  ?r t",
				"  ?async Async",
				"  ?w p.g",
			),
		},
		{
			name: "go statement, closure of unknown use, deferred call",
			src: `func f() func() {
				go func() { g = 1 }()
				defer func() { g = 2 }()
				return func() { g = 3 }
			}`,
			want: lines(
				"root function body",
				"  escape go statement",
				"    block function literal called in place",
				"      w p.g",
				"  loop function literal",
				"    escape function literal",
				"      w p.g",
				"  exit",
				"  loop deferred calls",
				"    block function literal called in place",
				"      w p.g",
			),
		},
		{
			name: "resolvable closure built at each use",
			src: `func f(t *task.T) {
				body := func(t *task.T) { g = 1 }
				t.Async(body)
				body(t)
			}`,
			want: lines(
				"root function body",
				"  w body",
				"  r t",
				"  async Async",
				"    w p.g",
				"  r body",
				"  r t",
				"  block call of body",
				"    w p.g",
			),
		},
		{
			name: "per-iteration loop variable and its copy",
			src: `func f(t *task.T) {
				for i := 0; i < 3; i++ {
					t.Async(func(t *task.T) { g = i })
				}
			}`,
			want: lines(
				"root function body",
				"  w i",
				"  loop for loop [i]",
				"    ?r i",
				"    ?w i",
				"    r i",
				"    r t",
				"    async Async",
				"      r i",
				"      w p.g",
				"    ?r i",
			),
		},
		{
			name: "assignment evaluates the right-hand side first",
			src: `func f(a []int, i int) {
				a[i] = g
			}`,
			want: lines(
				"root function body",
				"  r i",
				"  r a",
				"  r p.g",
				"  w a[_]",
			),
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, got := buildSrc(t, tt.src, nil)
			if got != tt.want {
				t.Errorf("got\n%s\nwant\n%s", got, tt.want)
			}
		})
	}
}

func TestBuildCallees(t *testing.T) {
	sum := map[string]*Summary{
		// spawn(t, f): f runs in a task that outlives the call, once.
		"spawn": {FuncParams: []Mode{NotCalled, CalledAsync}, Once: []bool{false, true}, Spawns: EscAsync},
		// each(f): f runs any number of times during the call.
		"each": {FuncParams: []Mode{CalledSync}},
		// set(p) writes *p.
		"set": {Effects: []Effect{{Param: 0, Write: true}}},
	}
	callees := func(fn *types.Func) *Summary { return sum[fn.Name()] }
	_, got := buildSrc(t, `
		func spawn(t *task.T, f func()) {}
		func each(f func()) {}
		func set(p *int) {}
		func f(t *task.T) {
			x := 0
			spawn(t, func() { x = 1 })
			each(func() { x = 2 })
			set(&x)
		}`, callees)
	want := lines(
		"root function body",
		"  w x",
		"  r t",
		"  async call to spawn",
		"  async callback of spawn",
		"    block callback of spawn",
		"      w x",
		"  loop invocations of the callbacks of each",
		"    block callback of each",
		"      w x",
		"  w x via set",
	)
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

func TestBuildUnknownCallbacks(t *testing.T) {
	src := `func other(f func())
		func f() {
			other(func() { g = 1 })
		}`
	for _, tt := range []struct {
		precise bool
		want    string
	}{
		{false, lines("root function body", "  loop invocations of the callbacks of unknown code", "    escape callback of unknown code", "      block callback of unknown code", "        w p.g")},
		{true, lines("root function body", "  loop invocations of the callbacks of unknown code", "    block callback of unknown code", "      w p.g")},
	} {
		p, err := tasktest.Load("example.com/p", map[string]string{"p.go": "package p\n\nvar g int\n\n" + src + "\n"})
		if err != nil {
			t.Fatal(err)
		}
		tr := BuildFunc(&Config{Fset: p.Fset, Pkg: p.Types, Info: p.Info, Precise: tt.precise}, p.Files[0], p.Func("f"))
		if got := Dump(tr.Root); got != tt.want {
			t.Errorf("precise=%v: got\n%s\nwant\n%s", tt.precise, got, tt.want)
		}
	}
}

func TestBuildGotoAndDefer(t *testing.T) {
	tr, _ := buildSrc(t, `func f() {
		defer func() {}()
	again:
		g++
		if g < 3 {
			goto again
		}
	}`, nil)
	if !tr.HasGoto || !tr.HasDefer {
		t.Errorf("HasGoto = %v, HasDefer = %v; want both", tr.HasGoto, tr.HasDefer)
	}
}
