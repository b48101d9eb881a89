package pst

import (
	"go/ast"
	"testing"

	"github.com/tpinstr/tpinstr/analysis/internal/tasktest"
)

func TestClassify(t *testing.T) {
	src := `package p

import "github.com/tpinstr/tpinstr/rt/task"

type own struct{}

func (own) Async(body func(t *task.T)) {}

func Run(body func(t *task.T)) {}

func f(t *task.T, o own) {
	t.Async(func(t *task.T) {})
	(*task.T).Finish(t, func(t *task.T) {})
	o.Async(func(t *task.T) {})
	Run(func(t *task.T) {})
	task.Run(func(t *task.T) {})
	h := task.NewFuture(t, func(t *task.T) string { return "" })
	h.Get()
	t.ForAll(0, 1, func(t *task.T, i int) {})
	t.ForAsync(0, 1, func(t *task.T, i int) {})
	t.Isolated(func() {})
}
`
	p, err := tasktest.Load("example.com/p", map[string]string{"p.go": src})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	ast.Inspect(p.Func("f"), func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		if tc, ok := Classify(p.Info, call); ok {
			recv := "-"
			if tc.Recv != nil {
				recv = tc.Recv.(*ast.Ident).Name
			}
			got = append(got, tc.Op.String()+"("+recv+")")
		} else if _, isSel := call.Fun.(*ast.SelectorExpr); isSel || len(call.Args) > 0 {
			got = append(got, "other")
		}
		return true
	})
	want := []string{"Async(t)", "Finish(t)", "other", "other", "Run(-)", "NewFuture(t)", "Get(h)", "ForAll(t)", "ForAsync(t)", "Isolated(t)"}
	if len(got) != len(want) {
		t.Fatalf("got %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("call %d: got %s, want %s", i, got[i], want[i])
		}
	}
}
