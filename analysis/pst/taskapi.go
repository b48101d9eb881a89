package pst

import (
	"go/ast"
	"go/types"

	"github.com/tpinstr/tpinstr/internal/syncapi"
)

// TaskPath is the import path of the task library.
const TaskPath = syncapi.TaskPath

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

// Classify recognises a call of the task library by the callee's object,
// in every form the shared model (internal/syncapi) knows: a direct call,
// a call of a method expression ((*task.T).Async(t, f)), a method promoted
// through an embedded field.
func Classify(info *types.Info, call *ast.CallExpr) (TaskCall, bool) {
	u, ok := syncapi.Call(info, call)
	if !ok || !u.Op.IsTask() {
		return TaskCall{}, false
	}
	tc := TaskCall{Op: opOf[u.Op], Recv: u.Recv, Body: u.Body()}
	if u.Op == syncapi.TaskRun {
		tc.Recv = nil
	}
	if u.Op == syncapi.TaskForAll || u.Op == syncapi.TaskForAsync {
		tc.Lo, tc.Hi = u.Args[0], u.Args[1]
	}
	return tc, true
}

// opOf maps the shared model's task operations to Op.
var opOf = map[syncapi.Op]Op{
	syncapi.TaskRun:       OpRun,
	syncapi.TaskFinish:    OpFinish,
	syncapi.TaskAsync:     OpAsync,
	syncapi.TaskIsolated:  OpIsolated,
	syncapi.TaskForAll:    OpForAll,
	syncapi.TaskForAsync:  OpForAsync,
	syncapi.TaskNewFuture: OpNewFuture,
	syncapi.TaskGet:       OpGet,
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
	return syncapi.IsNamed(t, true, TaskPath, name)
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
