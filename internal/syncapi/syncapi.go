// Package syncapi says what a call to the task library or to Go's
// synchronisation is.
//
// It is the one model that the rewriter (package instrument), the static
// analysis (packages analysis/pst and analysis/tprace) and the vet tool
// share: given a call, a selector, a method value or a method expression
// and the type information of its package, [Classifier.Call] and
// [Classifier.Value] name the operation (a task-library operation such as
// Async or Get, or a synchronisation operation of packages sync,
// sync/atomic, time, context, testing, testing/synctest and
// golang.org/x/sync/errgroup),
// the form in which it is used (a direct call, a method value, a method
// expression, a function value; promoted through embedded fields or
// called through an interface), and the expression of its receiver or
// handle. Operations are recognised by the types.Object of the callee,
// never by name alone, so a method Async of some other type is no
// task-library call.
//
// The package also holds the type helpers both sides need: [CoreType] and
// [Callee].
package syncapi

import (
	"go/ast"
	"go/types"
)

// Import paths of the packages whose operations the model knows.
const (
	TaskPath     = "github.com/tpinstr/tpinstr/rt/task"
	SyncPath     = "sync"
	AtomicPath   = "sync/atomic"
	TimePath     = "time"
	SynctestPath = "testing/synctest"
	ErrgroupPath = "golang.org/x/sync/errgroup"
	ContextPath  = "context"
	TestingPath  = "testing"
)

// Op is an operation of the task library or of Go's synchronisation.
type Op uint8

// The operations. Task-library operations come first (IsTask), then those
// of package sync, sync/atomic, time, testing/synctest, errgroup, context
// and testing.
const (
	None Op = iota

	TaskRun       // task.Run(body)
	TaskFinish    // (*task.T).Finish(body)
	TaskAsync     // (*task.T).Async(body)
	TaskIsolated  // (*task.T).Isolated(body)
	TaskForAll    // (*task.T).ForAll(lo, hi, body)
	TaskForAsync  // (*task.T).ForAsync(lo, hi, body)
	TaskNewFuture // task.NewFuture(t, body)
	TaskGet       // (*task.Future[V]).Get()

	MutexLock           // (*sync.Mutex).Lock
	MutexUnlock         // (*sync.Mutex).Unlock
	MutexTryLock        // (*sync.Mutex).TryLock
	RWMutexLock         // (*sync.RWMutex).Lock
	RWMutexUnlock       // (*sync.RWMutex).Unlock
	RWMutexTryLock      // (*sync.RWMutex).TryLock
	RWMutexRLock        // (*sync.RWMutex).RLock
	RWMutexRUnlock      // (*sync.RWMutex).RUnlock
	RWMutexTryRLock     // (*sync.RWMutex).TryRLock
	LockerLock          // sync.Locker.Lock, through the interface
	LockerUnlock        // sync.Locker.Unlock, through the interface
	WaitGroupAdd        // (*sync.WaitGroup).Add
	WaitGroupDone       // (*sync.WaitGroup).Done
	WaitGroupWait       // (*sync.WaitGroup).Wait
	WaitGroupGo         // (*sync.WaitGroup).Go (Go 1.25)
	OnceDo              // (*sync.Once).Do
	OnceFunc            // sync.OnceFunc: a function that calls f once, through a Once
	OnceValue           // sync.OnceValue
	OnceValues          // sync.OnceValues
	MapLoad             // (*sync.Map).Load
	MapStore            // (*sync.Map).Store
	MapLoadOrStore      // (*sync.Map).LoadOrStore
	MapLoadAndDelete    // (*sync.Map).LoadAndDelete
	MapDelete           // (*sync.Map).Delete
	MapSwap             // (*sync.Map).Swap
	MapCompareAndSwap   // (*sync.Map).CompareAndSwap
	MapCompareAndDelete // (*sync.Map).CompareAndDelete
	MapRange            // (*sync.Map).Range
	MapClear            // (*sync.Map).Clear
	CondWait            // (*sync.Cond).Wait
	CondSignal          // (*sync.Cond).Signal
	CondBroadcast       // (*sync.Cond).Broadcast
	AtomicFunc          // a function of sync/atomic (Use.Func names it)
	AtomicMethod        // a method of a type of sync/atomic (Use.Func names it)
	Sleep               // time.Sleep
	SynctestTest        // synctest.Test
	SynctestWait        // synctest.Wait
	ErrgroupGo          // (*errgroup.Group).Go
	ErrgroupWait        // (*errgroup.Group).Wait
	ErrgroupSetLimit    // (*errgroup.Group).SetLimit
	ErrgroupTryGo       // (*errgroup.Group).TryGo
	TimeAfter           // time.After: a timer on the run's clock
	TimeNow             // time.Now: the run's clock
	TimeSince           // time.Since
	TimeUntil           // time.Until

	// Timers and contexts on the run's clock.
	TimeNewTimer      // time.NewTimer
	TimeNewTicker     // time.NewTicker
	TimeTick          // time.Tick
	TimerStop         // (*time.Timer).Stop
	TimerReset        // (*time.Timer).Reset
	TickerStop        // (*time.Ticker).Stop
	TickerReset       // (*time.Ticker).Reset
	WithDeadline      // context.WithDeadline
	WithTimeout       // context.WithTimeout
	WithDeadlineCause // context.WithDeadlineCause
	WithTimeoutCause  // context.WithTimeoutCause
	WithCancel        // context.WithCancel: a cancellation the run sees
	WithCancelCause   // context.WithCancelCause
	ContextAfterFunc  // context.AfterFunc: f on a goroutine of the run after the context is done
	ContextErr        // (context.Context).Err: a look at the context's Done, at the call

	TestParallel // (*testing.T).Parallel: the rest of a subtest runs beside its siblings
	TestRun      // (*testing.T).Run: a subtest on a goroutine of its own, which the caller waits for

	numOps
)

var opNames = [numOps]string{
	None:          "",
	TaskRun:       "Run",
	TaskFinish:    "Finish",
	TaskAsync:     "Async",
	TaskIsolated:  "Isolated",
	TaskForAll:    "ForAll",
	TaskForAsync:  "ForAsync",
	TaskNewFuture: "NewFuture",
	TaskGet:       "Get",

	MutexLock:           "Mutex.Lock",
	MutexUnlock:         "Mutex.Unlock",
	MutexTryLock:        "Mutex.TryLock",
	RWMutexLock:         "RWMutex.Lock",
	RWMutexUnlock:       "RWMutex.Unlock",
	RWMutexTryLock:      "RWMutex.TryLock",
	RWMutexRLock:        "RWMutex.RLock",
	RWMutexRUnlock:      "RWMutex.RUnlock",
	RWMutexTryRLock:     "RWMutex.TryRLock",
	LockerLock:          "Locker.Lock",
	LockerUnlock:        "Locker.Unlock",
	WaitGroupAdd:        "WaitGroup.Add",
	WaitGroupDone:       "WaitGroup.Done",
	WaitGroupWait:       "WaitGroup.Wait",
	WaitGroupGo:         "WaitGroup.Go",
	OnceDo:              "Once.Do",
	OnceFunc:            "sync.OnceFunc",
	OnceValue:           "sync.OnceValue",
	OnceValues:          "sync.OnceValues",
	MapLoad:             "Map.Load",
	MapStore:            "Map.Store",
	MapLoadOrStore:      "Map.LoadOrStore",
	MapLoadAndDelete:    "Map.LoadAndDelete",
	MapDelete:           "Map.Delete",
	MapSwap:             "Map.Swap",
	MapCompareAndSwap:   "Map.CompareAndSwap",
	MapCompareAndDelete: "Map.CompareAndDelete",
	MapRange:            "Map.Range",
	MapClear:            "Map.Clear",
	CondWait:            "Cond.Wait",
	CondSignal:          "Cond.Signal",
	CondBroadcast:       "Cond.Broadcast",
	AtomicFunc:          "atomic",
	AtomicMethod:        "atomic method",
	Sleep:               "time.Sleep",
	SynctestTest:        "synctest.Test",
	SynctestWait:        "synctest.Wait",
	ErrgroupGo:          "errgroup.Go",
	ErrgroupWait:        "errgroup.Wait",
	ErrgroupSetLimit:    "errgroup.SetLimit",
	ErrgroupTryGo:       "errgroup.TryGo",
	TimeAfter:           "time.After",
	TimeNow:             "time.Now",
	TimeSince:           "time.Since",
	TimeUntil:           "time.Until",

	TimeNewTimer:      "time.NewTimer",
	TimeNewTicker:     "time.NewTicker",
	TimeTick:          "time.Tick",
	TimerStop:         "Timer.Stop",
	TimerReset:        "Timer.Reset",
	TickerStop:        "Ticker.Stop",
	TickerReset:       "Ticker.Reset",
	WithDeadline:      "context.WithDeadline",
	WithTimeout:       "context.WithTimeout",
	WithDeadlineCause: "context.WithDeadlineCause",
	WithTimeoutCause:  "context.WithTimeoutCause",
	WithCancel:        "context.WithCancel",
	WithCancelCause:   "context.WithCancelCause",
	ContextAfterFunc:  "context.AfterFunc",
	ContextErr:        "context.Context.Err",
	TestParallel:      "testing.T.Parallel",
	TestRun:           "testing.T.Run",
}

// String returns the operation's name: the library name for a task
// operation ("Async"), Type.Method or package.Function for the others.
func (o Op) String() string {
	if o < numOps {
		return opNames[o]
	}
	return "Op?"
}

// IsTask reports whether o is an operation of the task library.
func (o Op) IsTask() bool { return o >= TaskRun && o <= TaskGet }

// IsSync reports whether o is an operation of Go's synchronisation (not
// of the task library).
func (o Op) IsSync() bool { return o >= MutexLock && o < numOps }

// Form is how an operation is used in the source.
type Form uint8

// The forms.
const (
	// Direct is a call of a selector or identifier that names the
	// operation: t.Async(f), mu.Lock(), atomic.AddInt64(&x, 1).
	Direct Form = iota
	// MethodValue is a method bound to its receiver and not called at
	// once: f := mu.Unlock. The receiver is evaluated (and, for a pointer
	// method of an addressable value, its address taken) where the method
	// value is.
	MethodValue
	// MethodExpr is a method expression, called or not: (*sync.Mutex).Lock,
	// (*task.T).Async(t, f). When called, the receiver is the first
	// argument.
	MethodExpr
	// FuncValue is a package-level function used as a value, not called at
	// once: f := atomic.AddInt64.
	FuncValue
)

var formNames = [...]string{"direct", "method value", "method expression", "function value"}

// String returns the form's name.
func (f Form) String() string {
	if int(f) < len(formNames) {
		return formNames[f]
	}
	return "Form?"
}

// Use is one use of an operation in the source.
type Use struct {
	Op   Op
	Form Form
	// Func is the callee: the function or method (its generic origin).
	Func *types.Func
	// Call is the call, nil for a method value, method expression or
	// function value that is not called where it appears.
	Call *ast.CallExpr
	// Fun is the expression naming the operation: call.Fun without
	// parentheses and instantiation, or the value expression itself.
	Fun ast.Expr
	// Sel is the selection of a method (nil for package functions and for
	// qualified identifiers).
	Sel *types.Selection
	// Recv is the receiver: x of x.M (Direct or MethodValue), the first
	// argument of a called method expression; nil for package functions and
	// for a method expression that is not called.
	Recv ast.Expr
	// Args are the arguments of the operation itself, without the receiver
	// of a called method expression; nil when not called.
	Args []ast.Expr
	// Promoted reports a method reached through embedded fields: Embedded
	// lists them, outermost first.
	Promoted bool
	Embedded []*types.Var
	// Interface reports a method called through an interface (sync.Locker).
	Interface bool
	// Handle is, for a task-library call, the expression rt.At wraps: the
	// receiver of a method, the task argument of NewFuture, the body of Run.
	Handle ast.Expr
}

// Body returns the body argument of a task-library call (the function the
// operation runs), or nil.
func (u Use) Body() ast.Expr {
	switch u.Op {
	case TaskRun, TaskFinish, TaskAsync, TaskIsolated:
		return argAt(u.Args, 0)
	case TaskNewFuture:
		return argAt(u.Args, 1)
	case TaskForAll, TaskForAsync:
		return argAt(u.Args, 2)
	}
	return nil
}

func argAt(args []ast.Expr, i int) ast.Expr {
	if i < len(args) {
		return args[i]
	}
	return nil
}

// Classifier classifies uses of operations. Its zero value knows the task
// library at TaskPath.
type Classifier struct {
	// TaskPath is the import path of the task library; empty means
	// TaskPath. Tests of the rewriter use a stand-in package.
	TaskPath string
}

// Call classifies a call with the zero Classifier.
func Call(info *types.Info, call *ast.CallExpr) (Use, bool) {
	return Classifier{}.Call(info, call)
}

// Value classifies a function-valued expression with the zero Classifier.
func Value(info *types.Info, e ast.Expr) (Use, bool) {
	return Classifier{}.Value(info, e)
}

// Call classifies a call. A call of a method expression has the receiver
// as its first argument; a call of a function-typed variable (spawn(t, f)
// after spawn := (*task.T).Async) is not an operation: what it calls is
// decided at run time. A task-library call whose arguments do not match
// the library's signature (a stand-in with other parameters) is not one.
func (c Classifier) Call(info *types.Info, call *ast.CallExpr) (Use, bool) {
	u, ok := c.Value(info, call.Fun)
	if !ok {
		return Use{}, false
	}
	u.Call = call
	u.Args = call.Args
	switch u.Form {
	case MethodExpr:
		if len(call.Args) == 0 {
			return Use{}, false
		}
		u.Recv, u.Args = call.Args[0], call.Args[1:]
	case MethodValue, FuncValue:
		u.Form = Direct
	}
	if u.Op.IsTask() {
		if !taskArity(u.Op, len(u.Args)) {
			return Use{}, false
		}
		switch u.Op {
		case TaskRun:
			u.Handle = u.Args[0]
		case TaskNewFuture:
			u.Recv = u.Args[0]
			u.Handle = u.Args[0]
		default:
			u.Handle = u.Recv
		}
	}
	return u, true
}

func taskArity(op Op, n int) bool {
	switch op {
	case TaskGet:
		return n == 0
	case TaskNewFuture:
		return n == 2
	case TaskForAll, TaskForAsync:
		return n == 3
	}
	return n == 1
}

// Value classifies an expression that denotes an operation without
// calling it: a method value (mu.Unlock), a method expression
// ((*sync.Mutex).Lock) or a function value (atomic.AddInt64). For the
// function expression of a call it gives what Call refines.
func (c Classifier) Value(info *types.Info, e ast.Expr) (Use, bool) {
	fun := stripInst(e)
	u := Use{Fun: fun}
	switch f := fun.(type) {
	case *ast.Ident:
		fn, ok := info.Uses[f].(*types.Func)
		if !ok {
			return Use{}, false
		}
		u.Func, u.Form = fn.Origin(), FuncValue
	case *ast.SelectorExpr:
		if s := info.Selections[f]; s != nil {
			fn, ok := s.Obj().(*types.Func)
			if !ok {
				return Use{}, false // a field of func type
			}
			u.Func, u.Sel = fn.Origin(), s
			switch s.Kind() {
			case types.MethodVal:
				u.Form, u.Recv = MethodValue, f.X
			case types.MethodExpr:
				u.Form = MethodExpr
			}
			if idx := s.Index(); len(idx) > 1 {
				u.Promoted = true
				u.Embedded = embeddedPath(s.Recv(), idx[:len(idx)-1])
			}
			if types.IsInterface(s.Recv()) {
				u.Interface = true
			}
		} else {
			fn, ok := info.Uses[f.Sel].(*types.Func)
			if !ok {
				return Use{}, false
			}
			u.Func, u.Form = fn.Origin(), FuncValue
		}
	default:
		return Use{}, false
	}
	u.Op = c.op(u.Func)
	if u.Op == None {
		u.Op = lockerOp(u.Sel) // locker.go
	}
	if u.Op == None {
		return Use{}, false
	}
	if u.Op == LockerLock || u.Op == LockerUnlock {
		u.Interface = true
	}
	return u, true
}

// stripInst removes parentheses and an instantiation (f[T]) around e.
func stripInst(e ast.Expr) ast.Expr {
	e = ast.Unparen(e)
	switch f := e.(type) {
	case *ast.IndexExpr:
		e = ast.Unparen(f.X)
	case *ast.IndexListExpr:
		e = ast.Unparen(f.X)
	}
	return e
}

// embeddedPath returns the embedded fields that the field indices idx
// select, starting from a value of type t.
func embeddedPath(t types.Type, idx []int) []*types.Var {
	var path []*types.Var
	for _, i := range idx {
		if p, ok := t.Underlying().(*types.Pointer); ok {
			t = p.Elem()
		}
		st, ok := t.Underlying().(*types.Struct)
		if !ok || i >= st.NumFields() {
			return path
		}
		f := st.Field(i)
		path = append(path, f)
		t = f.Type()
	}
	return path
}

// op names the operation that fn is, or None.
func (c Classifier) op(fn *types.Func) Op {
	if fn == nil || fn.Pkg() == nil {
		return None
	}
	taskPath := c.TaskPath
	if taskPath == "" {
		taskPath = TaskPath
	}
	sig, _ := fn.Type().(*types.Signature)
	if sig == nil {
		return None
	}
	path, name := fn.Pkg().Path(), fn.Name()
	if sig.Recv() == nil {
		switch path {
		case taskPath:
			switch name {
			case "Run":
				return TaskRun
			case "NewFuture":
				return TaskNewFuture
			}
		case AtomicPath:
			return AtomicFunc
		case SyncPath:
			switch name {
			case "OnceFunc":
				return OnceFunc
			case "OnceValue":
				return OnceValue
			case "OnceValues":
				return OnceValues
			}
		case TimePath:
			switch name {
			case "Sleep":
				return Sleep
			case "After":
				return TimeAfter
			case "Now":
				return TimeNow
			case "Since":
				return TimeSince
			case "Until":
				return TimeUntil
			case "NewTimer":
				return TimeNewTimer
			case "NewTicker":
				return TimeNewTicker
			case "Tick":
				return TimeTick
			}
		case ContextPath:
			switch name {
			case "WithDeadline":
				return WithDeadline
			case "WithTimeout":
				return WithTimeout
			case "WithDeadlineCause":
				return WithDeadlineCause
			case "WithTimeoutCause":
				return WithTimeoutCause
			case "WithCancel":
				return WithCancel
			case "WithCancelCause":
				return WithCancelCause
			case "AfterFunc":
				return ContextAfterFunc
			}
		case SynctestPath:
			switch name {
			case "Test":
				return SynctestTest
			case "Wait":
				return SynctestWait
			}
		}
		return None
	}
	key := RecvName(sig.Recv().Type()) + "." + name
	switch path {
	case taskPath:
		return methodOps[taskKey{task: true, key: key}]
	case SyncPath, ErrgroupPath, TimePath, TestingPath, ContextPath:
		return methodOps[taskKey{key: path + "." + key}]
	case AtomicPath:
		switch RecvName(sig.Recv().Type()) {
		case "Int32", "Int64", "Uint32", "Uint64", "Uintptr", "Bool", "Pointer", "Value":
			return AtomicMethod
		}
	}
	return None
}

type taskKey struct {
	task bool
	key  string
}

var methodOps = map[taskKey]Op{
	{true, "T.Finish"}:                        TaskFinish,
	{true, "T.Async"}:                         TaskAsync,
	{true, "T.Isolated"}:                      TaskIsolated,
	{true, "T.ForAll"}:                        TaskForAll,
	{true, "T.ForAsync"}:                      TaskForAsync,
	{true, "Future.Get"}:                      TaskGet,
	{false, "sync.Mutex.Lock"}:                MutexLock,
	{false, "sync.Mutex.Unlock"}:              MutexUnlock,
	{false, "sync.Mutex.TryLock"}:             MutexTryLock,
	{false, "sync.RWMutex.Lock"}:              RWMutexLock,
	{false, "sync.RWMutex.Unlock"}:            RWMutexUnlock,
	{false, "sync.RWMutex.TryLock"}:           RWMutexTryLock,
	{false, "sync.RWMutex.RLock"}:             RWMutexRLock,
	{false, "sync.RWMutex.RUnlock"}:           RWMutexRUnlock,
	{false, "sync.RWMutex.TryRLock"}:          RWMutexTryRLock,
	{false, "sync.Locker.Lock"}:               LockerLock,
	{false, "sync.Locker.Unlock"}:             LockerUnlock,
	{false, "sync.WaitGroup.Add"}:             WaitGroupAdd,
	{false, "sync.WaitGroup.Done"}:            WaitGroupDone,
	{false, "sync.WaitGroup.Wait"}:            WaitGroupWait,
	{false, "sync.WaitGroup.Go"}:              WaitGroupGo,
	{false, "sync.Once.Do"}:                   OnceDo,
	{false, "sync.Map.Load"}:                  MapLoad,
	{false, "sync.Map.Store"}:                 MapStore,
	{false, "sync.Map.LoadOrStore"}:           MapLoadOrStore,
	{false, "sync.Map.LoadAndDelete"}:         MapLoadAndDelete,
	{false, "sync.Map.Delete"}:                MapDelete,
	{false, "sync.Map.Swap"}:                  MapSwap,
	{false, "sync.Map.CompareAndSwap"}:        MapCompareAndSwap,
	{false, "sync.Map.CompareAndDelete"}:      MapCompareAndDelete,
	{false, "sync.Map.Range"}:                 MapRange,
	{false, "sync.Map.Clear"}:                 MapClear,
	{false, "sync.Cond.Wait"}:                 CondWait,
	{false, "sync.Cond.Signal"}:               CondSignal,
	{false, "sync.Cond.Broadcast"}:            CondBroadcast,
	{false, ErrgroupPath + ".Group.Go"}:       ErrgroupGo,
	{false, ErrgroupPath + ".Group.Wait"}:     ErrgroupWait,
	{false, ErrgroupPath + ".Group.SetLimit"}: ErrgroupSetLimit,
	{false, ErrgroupPath + ".Group.TryGo"}:    ErrgroupTryGo,

	{false, "context.Context.Err"}: ContextErr,
	{false, "time.Timer.Stop"}:     TimerStop,
	{false, "time.Timer.Reset"}:    TimerReset,
	{false, "time.Ticker.Stop"}:    TickerStop,
	{false, "time.Ticker.Reset"}:   TickerReset,

	{false, "testing.T.Parallel"}: TestParallel,
	{false, "testing.T.Run"}:      TestRun,
}

// RecvName returns the name of the named type of a receiver type T or *T
// (the generic origin's name for an instance), or "".
func RecvName(t types.Type) string {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	if n, ok := types.Unalias(t).(*types.Named); ok {
		return n.Origin().Obj().Name()
	}
	return ""
}
