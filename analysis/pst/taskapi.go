package pst

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/types/typeutil"
)

// TaskPath is the import path of the task library.
const TaskPath = "github.com/tpinstr/tpinstr/rt/task"

// Op is a task-library operation.
type Op uint8

// The task-library operations.
const (
	OpNone Op = iota
	OpRun
	OpFinish
	OpAsync
	OpIsolated
	OpForAll
	OpForAsync
	OpNewFuture
	OpGet
)

var opNames = [...]string{"", "Run", "Finish", "Async", "Isolated", "ForAll", "ForAsync", "NewFuture", "Get"}

// String returns the library name of the operation.
func (o Op) String() string {
	if int(o) < len(opNames) {
		return opNames[o]
	}
	return "Op?"
}

// Spawns reports whether the operation creates a task that its IEF joins.
func (o Op) Spawns() bool {
	return o == OpAsync || o == OpForAsync || o == OpNewFuture
}

// TaskCall is a classified call of the task library.
type TaskCall struct {
	Op Op
	// Recv is the handle the operation is called on: the *task.T of Finish,
	// Async, Isolated, ForAll, ForAsync and NewFuture (its first argument),
	// the *task.Future of Get; nil for Run.
	Recv ast.Expr
	// Body is the body argument (nil for Get).
	Body ast.Expr
	// Lo and Hi are the bounds of ForAll and ForAsync.
	Lo, Hi ast.Expr
}

// Classify recognises a call of the task library by the callee's object.
func Classify(info *types.Info, call *ast.CallExpr) (TaskCall, bool) {
	fn, ok := typeutil.Callee(info, call).(*types.Func)
	if !ok || fn.Pkg() == nil || fn.Pkg().Path() != TaskPath {
		return TaskCall{}, false
	}
	args := call.Args
	var recv ast.Expr
	sig := fn.Type().(*types.Signature)
	if sig.Recv() != nil {
		sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		if !ok {
			return TaskCall{}, false
		}
		if s := info.Selections[sel]; s != nil && s.Kind() == types.MethodExpr {
			if len(args) == 0 {
				return TaskCall{}, false
			}
			recv, args = args[0], args[1:]
		} else {
			recv = sel.X
		}
	}
	named := func(n int) bool { return len(args) == n }
	switch {
	case sig.Recv() == nil && fn.Name() == "Run" && named(1):
		return TaskCall{Op: OpRun, Body: args[0]}, true
	case sig.Recv() == nil && fn.Name() == "NewFuture" && named(2):
		return TaskCall{Op: OpNewFuture, Recv: args[0], Body: args[1]}, true
	case sig.Recv() == nil:
		return TaskCall{}, false
	}
	switch recvName(sig.Recv().Type()) + "." + fn.Name() {
	case "T.Finish":
		if named(1) {
			return TaskCall{Op: OpFinish, Recv: recv, Body: args[0]}, true
		}
	case "T.Async":
		if named(1) {
			return TaskCall{Op: OpAsync, Recv: recv, Body: args[0]}, true
		}
	case "T.Isolated":
		if named(1) {
			return TaskCall{Op: OpIsolated, Recv: recv, Body: args[0]}, true
		}
	case "T.ForAll":
		if named(3) {
			return TaskCall{Op: OpForAll, Recv: recv, Lo: args[0], Hi: args[1], Body: args[2]}, true
		}
	case "T.ForAsync":
		if named(3) {
			return TaskCall{Op: OpForAsync, Recv: recv, Lo: args[0], Hi: args[1], Body: args[2]}, true
		}
	case "Future.Get":
		if named(0) {
			return TaskCall{Op: OpGet, Recv: recv}, true
		}
	}
	return TaskCall{}, false
}

func recvName(t types.Type) string {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	if n, ok := types.Unalias(t).(*types.Named); ok {
		return n.Origin().Obj().Name()
	}
	return ""
}

// IsHandle reports whether t is *task.T, the handle of a running task.
func IsHandle(t types.Type) bool {
	return isTaskType(t, "T")
}

// IsFuture reports whether t is *task.Future[V] for some V.
func IsFuture(t types.Type) bool {
	return isTaskType(t, "Future")
}

func isTaskType(t types.Type, name string) bool {
	p, ok := types.Unalias(t).(*types.Pointer)
	if !ok {
		return false
	}
	n, ok := types.Unalias(p.Elem()).(*types.Named)
	if !ok {
		return false
	}
	obj := n.Origin().Obj()
	return obj.Pkg() != nil && obj.Pkg().Path() == TaskPath && obj.Name() == name
}

// HasHandleParam reports whether the signature of a func-typed t takes a
// task handle: such a callback can spawn tasks of its own.
func HasHandleParam(t types.Type) bool {
	sig, ok := t.Underlying().(*types.Signature)
	if !ok {
		return false
	}
	for v := range sig.Params().Variables() {
		if IsHandle(v.Type()) {
			return true
		}
	}
	return false
}
