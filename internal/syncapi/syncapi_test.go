package syncapi

import (
	"fmt"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/printer"
	"go/token"
	"go/types"
	"strings"
	"sync"
	"testing"
)

// stubs are stand-ins, with the real signatures, for the packages that are
// not in the standard library.
var stubs = map[string]string{
	TaskPath: `package task
type T struct{}
func Run(body func(t *T)) {}
func (t *T) Finish(body func(t *T)) {}
func (t *T) Async(body func(t *T)) {}
func (t *T) Isolated(body func()) {}
func (t *T) ForAll(lo, hi int, body func(t *T, i int)) {}
func (t *T) ForAsync(lo, hi int, body func(t *T, i int)) {}
type Future[V any] struct{ v V }
func NewFuture[V any](t *T, body func(t *T) V) *Future[V] { return nil }
func (f *Future[V]) Get() V { return f.v }
`,
	ErrgroupPath: `package errgroup
type Group struct{}
func (g *Group) Go(f func() error) {}
func (g *Group) TryGo(f func() error) bool { return false }
func (g *Group) Wait() error { return nil }
func (g *Group) SetLimit(n int) {}
`,
	"example.com/own": `package own
type T struct{}
func (t *T) Async(body func(t *T)) {}
func Run(body func()) {}
type Mutex struct{}
func (m *Mutex) Lock() {}
func Sleep(int) {}
`,
}

// stubImporter imports the stubs from source and everything else from the
// standard library's export data.
type stubImporter struct {
	fset *token.FileSet
	std  types.Importer
	mu   sync.Mutex
	pkgs map[string]*types.Package
}

func (im *stubImporter) Import(path string) (*types.Package, error) {
	src, ok := stubs[path]
	if !ok {
		return im.std.Import(path)
	}
	im.mu.Lock()
	defer im.mu.Unlock()
	if p := im.pkgs[path]; p != nil {
		return p, nil
	}
	f, err := parser.ParseFile(im.fset, path+"/stub.go", src, 0)
	if err != nil {
		return nil, fmt.Errorf("parsing stub %s: %w", path, err)
	}
	p, err := (&types.Config{Importer: im}).Check(path, im.fset, []*ast.File{f}, nil)
	if err != nil {
		return nil, fmt.Errorf("checking stub %s: %w", path, err)
	}
	im.pkgs[path] = p
	return p, nil
}

var (
	importerOnce sync.Once
	sharedImp    *stubImporter
	sharedFset   *token.FileSet
)

// check type-checks a snippet: the body of func f, with the imports every
// case needs and a few declarations. A bad snippet must not type-check.
func check(t *testing.T, body string, bad bool) (*ast.File, *types.Info, *token.FileSet) {
	t.Helper()
	importerOnce.Do(func() {
		sharedFset = token.NewFileSet()
		sharedImp = &stubImporter{fset: sharedFset, std: importer.ForCompiler(sharedFset, "source", nil), pkgs: map[string]*types.Package{}}
	})
	src := `package p

import (
	"context"
	"sync"
	"sync/atomic"
	"time"
	"testing"
	"testing/synctest"

	"github.com/tpinstr/tpinstr/rt/task"
	"golang.org/x/sync/errgroup"
	"example.com/own"
)

var (
	_ = time.Sleep
	_ testing.T
	_ = synctest.Wait
	_ errgroup.Group
	_ own.T
	_ atomic.Int64
	_ sync.Mutex
	_ task.T
)

type guarded struct {
	sync.Mutex
	n int
}

type outer struct {
	*guarded
}

type named struct {
	mu sync.RWMutex
}

func f(t *task.T, tt *testing.T, mu sync.Mutex, pmu *sync.Mutex, rw *sync.RWMutex, l sync.Locker,
	wg *sync.WaitGroup, once *sync.Once, cond *sync.Cond, g *errgroup.Group, fut *task.Future[int],
	x *int64, ai *atomic.Int64, ab *atomic.Bool, ap *atomic.Pointer[int], av *atomic.Value, au *atomic.Uintptr,
	s guarded, ps *guarded, o outer, n named, ot *own.T, om *own.Mutex,
	ctx context.Context, tm *time.Timer, tk *time.Ticker, sm *sync.Map) {
` + body + `
}
`
	fset := sharedFset
	file, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatalf("parse: %v", err)
	}
	info := &types.Info{
		Types:      map[ast.Expr]types.TypeAndValue{},
		Uses:       map[*ast.Ident]types.Object{},
		Defs:       map[*ast.Ident]types.Object{},
		Selections: map[*ast.SelectorExpr]*types.Selection{},
		Instances:  map[*ast.Ident]types.Instance{},
	}
	conf := types.Config{Importer: sharedImp, Error: func(error) {}}
	if _, err := conf.Check("example.com/p", fset, []*ast.File{file}, info); (err != nil) != bad {
		t.Fatalf("type-check error %v, want an error: %v\n%s", err, bad, body)
	}
	return file, info, fset
}

// marked returns the expression the snippet marks in its last statement:
// the outermost call, or the right-hand side of an assignment for a value.
func marked(file *ast.File) ast.Expr {
	var fn *ast.FuncDecl
	for _, d := range file.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok && fd.Name.Name == "f" {
			fn = fd
		}
	}
	switch s := fn.Body.List[len(fn.Body.List)-1].(type) {
	case *ast.ExprStmt:
		return s.X
	case *ast.AssignStmt:
		return s.Rhs[0]
	case *ast.DeferStmt:
		return s.Call
	case *ast.GoStmt:
		return s.Call
	}
	return nil
}

// text prints e, or "-" for nil.
func text(fset *token.FileSet, e ast.Expr) string {
	if e == nil {
		return "-"
	}
	var b strings.Builder
	if err := printer.Fprint(&b, fset, e); err != nil {
		return "?"
	}
	return b.String()
}

func TestClassify(t *testing.T) {
	tests := []struct {
		src string // first statement of f: a call, or `_ = value`
		op  Op
		// form, receiver text ("-" for none), and flags
		form      Form
		recv      string
		promoted  string // embedded fields, dotted
		iface     bool
		handle    string // task-library handle
		body      string // task-library body
		nargs     int    // arguments of the operation itself
		fn        string // the callee's name
		notCalled bool
		bad       bool // the snippet does not type-check
	}{
		// Task library, every operation.
		{src: `task.Run(func(t *task.T) {})`, op: TaskRun, recv: "-", handle: "func(t *task.T) {}", body: "func(t *task.T) {}", nargs: 1, fn: "Run"},
		{src: `t.Finish(func(t *task.T) {})`, op: TaskFinish, recv: "t", handle: "t", body: "func(t *task.T) {}", nargs: 1, fn: "Finish"},
		{src: `t.Async(nil)`, op: TaskAsync, recv: "t", handle: "t", body: "nil", nargs: 1, fn: "Async"},
		{src: `t.Isolated(func() {})`, op: TaskIsolated, recv: "t", handle: "t", body: "func() {}", nargs: 1, fn: "Isolated"},
		{src: `t.ForAll(0, 3, nil)`, op: TaskForAll, recv: "t", handle: "t", body: "nil", nargs: 3, fn: "ForAll"},
		{src: `t.ForAsync(0, 3, nil)`, op: TaskForAsync, recv: "t", handle: "t", body: "nil", nargs: 3, fn: "ForAsync"},
		{src: `task.NewFuture(t, func(t *task.T) int { return 1 })`, op: TaskNewFuture, recv: "t", handle: "t", body: "func(t *task.T) int { return 1 }", nargs: 2, fn: "NewFuture"},
		{src: `task.NewFuture[int](t, nil)`, op: TaskNewFuture, recv: "t", handle: "t", body: "nil", nargs: 2, fn: "NewFuture"},
		{src: `fut.Get()`, op: TaskGet, recv: "fut", handle: "fut", body: "-", fn: "Get"},
		{src: `(fut).Get()`, op: TaskGet, recv: "(fut)", handle: "(fut)", body: "-", fn: "Get"},
		// Task library, other forms.
		{src: `(*task.T).Async(t, nil)`, op: TaskAsync, form: MethodExpr, recv: "t", handle: "t", body: "nil", nargs: 1, fn: "Async"},
		{src: `(*task.Future[int]).Get(fut)`, op: TaskGet, form: MethodExpr, recv: "fut", handle: "fut", body: "-", fn: "Get"},
		{src: `_ = (*task.T).Async`, op: TaskAsync, form: MethodExpr, recv: "-", handle: "-", body: "-", fn: "Async", notCalled: true},
		{src: `_ = t.Finish`, op: TaskFinish, form: MethodValue, recv: "t", handle: "-", body: "-", fn: "Finish", notCalled: true},
		{src: `_ = task.Run`, op: TaskRun, form: FuncValue, recv: "-", handle: "-", body: "-", fn: "Run", notCalled: true},
		{src: `defer t.Async(nil)`, op: TaskAsync, recv: "t", handle: "t", body: "nil", nargs: 1, fn: "Async"},
		// Package sync.
		{src: `mu.Lock()`, op: MutexLock, recv: "mu", fn: "Lock"},
		{src: `pmu.Unlock()`, op: MutexUnlock, recv: "pmu", fn: "Unlock"},
		{src: `pmu.TryLock()`, op: MutexTryLock, recv: "pmu", fn: "TryLock"},
		{src: `rw.Lock()`, op: RWMutexLock, recv: "rw", fn: "Lock"},
		{src: `rw.Unlock()`, op: RWMutexUnlock, recv: "rw", fn: "Unlock"},
		{src: `rw.TryLock()`, op: RWMutexTryLock, recv: "rw", fn: "TryLock"},
		{src: `rw.RLock()`, op: RWMutexRLock, recv: "rw", fn: "RLock"},
		{src: `rw.RUnlock()`, op: RWMutexRUnlock, recv: "rw", fn: "RUnlock"},
		{src: `rw.TryRLock()`, op: RWMutexTryRLock, recv: "rw", fn: "TryRLock"},
		{src: `n.mu.RLock()`, op: RWMutexRLock, recv: "n.mu", fn: "RLock"},
		{src: `l.Lock()`, op: LockerLock, recv: "l", iface: true, fn: "Lock"},
		{src: `l.Unlock()`, op: LockerUnlock, recv: "l", iface: true, fn: "Unlock"},
		{src: `rw.RLocker().Lock()`, op: LockerLock, recv: "rw.RLocker()", iface: true, fn: "Lock"},
		{src: `wg.Add(2)`, op: WaitGroupAdd, recv: "wg", nargs: 1, fn: "Add"},
		{src: `wg.Done()`, op: WaitGroupDone, recv: "wg", fn: "Done"},
		{src: `wg.Wait()`, op: WaitGroupWait, recv: "wg", fn: "Wait"},
		{src: `wg.Go(func() {})`, op: WaitGroupGo, recv: "wg", nargs: 1, fn: "Go"},
		{src: `once.Do(func() {})`, op: OnceDo, recv: "once", nargs: 1, fn: "Do"},
		{src: `sync.OnceFunc(func() {})`, op: OnceFunc, recv: "-", nargs: 1, fn: "OnceFunc"},
		{src: `sync.OnceValue(func() int { return 1 })`, op: OnceValue, recv: "-", nargs: 1, fn: "OnceValue"},
		{src: `sync.OnceValues(func() (int, error) { return 1, nil })`, op: OnceValues, recv: "-", nargs: 1, fn: "OnceValues"},
		{src: `sm.Load(1)`, op: MapLoad, recv: "sm", nargs: 1, fn: "Load"},
		{src: `sm.LoadOrStore(1, 2)`, op: MapLoadOrStore, recv: "sm", nargs: 2, fn: "LoadOrStore"},
		{src: `sm.CompareAndSwap(1, 2, 3)`, op: MapCompareAndSwap, recv: "sm", nargs: 3, fn: "CompareAndSwap"},
		{src: `sm.Range(func(k, v any) bool { return true })`, op: MapRange, recv: "sm", nargs: 1, fn: "Range"},
		{src: `sm.Clear()`, op: MapClear, recv: "sm", fn: "Clear"},
		{src: `cond.Wait()`, op: CondWait, recv: "cond", fn: "Wait"},
		{src: `cond.Signal()`, op: CondSignal, recv: "cond", fn: "Signal"},
		{src: `cond.Broadcast()`, op: CondBroadcast, recv: "cond", fn: "Broadcast"},
		{src: `cond.L.Lock()`, op: LockerLock, recv: "cond.L", iface: true, fn: "Lock"},
		// An interface of the program's own with the methods of sync.Locker.
		{src: `type lk interface{ Lock(); Unlock() }; lk(pmu).Lock()`, op: LockerLock, recv: "lk(pmu)", iface: true, fn: "Lock"},
		{src: `type lk interface{ Lock(); Unlock() }; _ = lk(pmu).Unlock`, op: LockerUnlock, form: MethodValue, recv: "lk(pmu)", iface: true, fn: "Unlock", notCalled: true},
		{src: `type lk interface{ sync.Locker; N() }; var v lk; v.Lock()`, op: LockerLock, recv: "v", iface: true, fn: "Lock"},
		{src: `type lk interface{ Lock() }; lk(pmu).Lock()`, op: None},
		{src: `type lk interface{ Lock(); Unlock(); RLock() }; var v lk; v.RLock()`, op: None},
		// sync: forms.
		{src: `defer mu.Unlock()`, op: MutexUnlock, recv: "mu", fn: "Unlock"},
		{src: `defer wg.Done()`, op: WaitGroupDone, recv: "wg", fn: "Done"},
		{src: `go wg.Wait()`, op: WaitGroupWait, recv: "wg", fn: "Wait"},
		{src: `_ = mu.Lock`, op: MutexLock, form: MethodValue, recv: "mu", fn: "Lock", notCalled: true},
		{src: `_ = wg.Add`, op: WaitGroupAdd, form: MethodValue, recv: "wg", fn: "Add", notCalled: true},
		{src: `_ = (*sync.Mutex).Lock`, op: MutexLock, form: MethodExpr, recv: "-", fn: "Lock", notCalled: true},
		{src: `(*sync.Mutex).Unlock(pmu)`, op: MutexUnlock, form: MethodExpr, recv: "pmu", fn: "Unlock"},
		{src: `(*sync.WaitGroup).Add(wg, 1)`, op: WaitGroupAdd, form: MethodExpr, recv: "wg", nargs: 1, fn: "Add"},
		{src: `sync.Locker.Lock(l)`, op: LockerLock, form: MethodExpr, recv: "l", iface: true, fn: "Lock"},
		{src: `s.Lock()`, op: MutexLock, recv: "s", promoted: "Mutex", fn: "Lock"},
		{src: `ps.Unlock()`, op: MutexUnlock, recv: "ps", promoted: "Mutex", fn: "Unlock"},
		{src: `o.Lock()`, op: MutexLock, recv: "o", promoted: "guarded.Mutex", fn: "Lock"},
		{src: `_ = o.Unlock`, op: MutexUnlock, form: MethodValue, recv: "o", promoted: "guarded.Mutex", fn: "Unlock", notCalled: true},
		{src: `s.Mutex.Lock()`, op: MutexLock, recv: "s.Mutex", fn: "Lock"},
		{src: `(*guarded).Lock(ps)`, op: MutexLock, form: MethodExpr, recv: "ps", promoted: "Mutex", fn: "Lock"},
		// sync/atomic: functions and methods of every type.
		{src: `atomic.AddInt64(x, 1)`, op: AtomicFunc, recv: "-", nargs: 2, fn: "AddInt64"},
		{src: `atomic.LoadInt64(x)`, op: AtomicFunc, recv: "-", nargs: 1, fn: "LoadInt64"},
		{src: `atomic.CompareAndSwapInt64(x, 1, 2)`, op: AtomicFunc, recv: "-", nargs: 3, fn: "CompareAndSwapInt64"},
		{src: `atomic.OrInt64(x, 1)`, op: AtomicFunc, recv: "-", nargs: 2, fn: "OrInt64"},
		{src: `_ = atomic.StoreInt64`, op: AtomicFunc, form: FuncValue, recv: "-", fn: "StoreInt64", notCalled: true},
		{src: `ai.Add(1)`, op: AtomicMethod, recv: "ai", nargs: 1, fn: "Add"},
		{src: `ai.Load()`, op: AtomicMethod, recv: "ai", fn: "Load"},
		{src: `ab.Store(true)`, op: AtomicMethod, recv: "ab", nargs: 1, fn: "Store"},
		{src: `ap.Swap(nil)`, op: AtomicMethod, recv: "ap", nargs: 1, fn: "Swap"},
		{src: `av.Load()`, op: AtomicMethod, recv: "av", fn: "Load"},
		{src: `au.CompareAndSwap(1, 2)`, op: AtomicMethod, recv: "au", nargs: 2, fn: "CompareAndSwap"},
		{src: `new(atomic.Int32).Add(1)`, op: AtomicMethod, recv: "new(atomic.Int32)", nargs: 1, fn: "Add"},
		{src: `new(atomic.Uint32).Load()`, op: AtomicMethod, recv: "new(atomic.Uint32)", fn: "Load"},
		{src: `new(atomic.Uint64).And(1)`, op: AtomicMethod, recv: "new(atomic.Uint64)", nargs: 1, fn: "And"},
		{src: `(*atomic.Int64).Add(ai, 1)`, op: AtomicMethod, form: MethodExpr, recv: "ai", nargs: 1, fn: "Add"},
		{src: `_ = ai.Load`, op: AtomicMethod, form: MethodValue, recv: "ai", fn: "Load", notCalled: true},
		// time, testing/synctest, errgroup.
		{src: `time.Sleep(1)`, op: Sleep, recv: "-", nargs: 1, fn: "Sleep"},
		{src: `synctest.Test(tt, nil)`, op: SynctestTest, recv: "-", nargs: 2, fn: "Test"},
		{src: `synctest.Wait()`, op: SynctestWait, recv: "-", fn: "Wait"},
		{src: `g.Go(nil)`, op: ErrgroupGo, recv: "g", nargs: 1, fn: "Go"},
		{src: `g.TryGo(nil)`, op: ErrgroupTryGo, recv: "g", nargs: 1, fn: "TryGo"},
		{src: `g.Wait()`, op: ErrgroupWait, recv: "g", fn: "Wait"},
		{src: `g.SetLimit(2)`, op: ErrgroupSetLimit, recv: "g", nargs: 1, fn: "SetLimit"},
		{src: `_ = g.Go`, op: ErrgroupGo, form: MethodValue, recv: "g", fn: "Go", notCalled: true},
		// Not operations.
		{src: `ot.Async(nil)`, op: None},
		{src: `own.Run(nil)`, op: None},
		{src: `om.Lock()`, op: None},
		{src: `own.Sleep(1)`, op: None},
		{src: `time.Now()`, op: TimeNow, recv: "-", fn: "Now"},
		{src: `time.After(1)`, op: TimeAfter, recv: "-", nargs: 1, fn: "After"},
		{src: `time.Since(time.Time{})`, op: TimeSince, recv: "-", nargs: 1, fn: "Since"},
		{src: `time.Until(time.Time{})`, op: TimeUntil, recv: "-", nargs: 1, fn: "Until"},
		{src: `time.NewTimer(1)`, op: TimeNewTimer, recv: "-", nargs: 1, fn: "NewTimer"},
		{src: `time.NewTicker(1)`, op: TimeNewTicker, recv: "-", nargs: 1, fn: "NewTicker"},
		{src: `time.Tick(1)`, op: TimeTick, recv: "-", nargs: 1, fn: "Tick"},
		{src: `tm.Stop()`, op: TimerStop, recv: "tm", fn: "Stop"},
		{src: `tm.Reset(1)`, op: TimerReset, recv: "tm", nargs: 1, fn: "Reset"},
		{src: `tk.Stop()`, op: TickerStop, recv: "tk", fn: "Stop"},
		{src: `tk.Reset(1)`, op: TickerReset, recv: "tk", nargs: 1, fn: "Reset"},
		{src: `_ = tm.Stop`, op: TimerStop, form: MethodValue, recv: "tm", fn: "Stop", notCalled: true},
		{src: `(*time.Ticker).Stop(tk)`, op: TickerStop, form: MethodExpr, recv: "tk", fn: "Stop"},
		{src: `context.WithTimeout(ctx, 1)`, op: WithTimeout, recv: "-", nargs: 2, fn: "WithTimeout"},
		{src: `context.WithDeadline(ctx, time.Time{})`, op: WithDeadline, recv: "-", nargs: 2, fn: "WithDeadline"},
		{src: `context.WithTimeoutCause(ctx, 1, nil)`, op: WithTimeoutCause, recv: "-", nargs: 3, fn: "WithTimeoutCause"},
		{src: `context.WithDeadlineCause(ctx, time.Time{}, nil)`, op: WithDeadlineCause, recv: "-", nargs: 3, fn: "WithDeadlineCause"},
		{src: `context.WithCancel(ctx)`, op: WithCancel, recv: "-", nargs: 1, fn: "WithCancel"},
		{src: `context.WithCancelCause(ctx)`, op: WithCancelCause, recv: "-", nargs: 1, fn: "WithCancelCause"},
		{src: `context.AfterFunc(ctx, func() {})`, op: ContextAfterFunc, recv: "-", nargs: 2, fn: "AfterFunc"},
		{src: `ctx.Err()`, op: ContextErr, recv: "ctx", iface: true, fn: "Err"},
		{src: `context.WithValue(ctx, 1, 2)`, op: None},
		{src: `_ = tm.C`, op: None},
		{src: `_ = time.Second`, op: None},
		{src: `_ = s.n`, op: None},
		{src: `_ = (*sync.Mutex)(pmu)`, op: None},
		{src: `cond.L = pmu`, op: None},
		{src: `var h func(); h()`, op: None},
		{src: `spawn := (*task.T).Async; spawn(t, nil)`, op: None}, // what a variable calls is decided at run time
		{src: `(*task.T).Async()`, op: None, bad: true},            // no receiver
		{src: `t.ForAll(0, nil)`, op: None, bad: true},             // wrong arity
		{src: `(*sync.Mutex).Lock()`, op: None, bad: true},         // a method expression called without receiver
		{src: `func() { mu.Lock() }()`, op: None},                  // the outer call is of a literal
	}
	for _, tt := range tests {
		t.Run(tt.src, func(t *testing.T) {
			file, info, fset := check(t, tt.src, tt.bad)
			e := marked(file)
			if e == nil {
				t.Fatal("no marked expression")
			}
			var u Use
			var ok bool
			if call, isCall := e.(*ast.CallExpr); isCall && !tt.notCalled {
				u, ok = Call(info, call)
			} else {
				u, ok = Value(info, e)
			}
			if tt.op == None {
				if ok {
					t.Fatalf("classified as %v (%v), want no operation", u.Op, u.Form)
				}
				return
			}
			if !ok {
				t.Fatalf("not classified, want %v", tt.op)
			}
			if u.Op != tt.op {
				t.Errorf("op = %v, want %v", u.Op, tt.op)
			}
			if u.Form != tt.form {
				t.Errorf("form = %v, want %v", u.Form, tt.form)
			}
			if got := text(fset, u.Recv); got != tt.recv {
				t.Errorf("recv = %s, want %s", got, tt.recv)
			}
			var path []string
			for _, v := range u.Embedded {
				path = append(path, v.Name())
			}
			if got := strings.Join(path, "."); got != tt.promoted || u.Promoted != (tt.promoted != "") {
				t.Errorf("promoted = %v through %q, want %q", u.Promoted, got, tt.promoted)
			}
			if u.Interface != tt.iface {
				t.Errorf("interface = %v, want %v", u.Interface, tt.iface)
			}
			if tt.op.IsTask() {
				if got := text(fset, u.Handle); got != tt.handle {
					t.Errorf("handle = %s, want %s", got, tt.handle)
				}
				if got := text(fset, u.Body()); got != tt.body {
					t.Errorf("body = %s, want %s", got, tt.body)
				}
			}
			if len(u.Args) != tt.nargs {
				t.Errorf("%d arguments, want %d", len(u.Args), tt.nargs)
			}
			if u.Func == nil || u.Func.Name() != tt.fn {
				t.Errorf("func = %v, want %s", u.Func, tt.fn)
			}
			if (u.Call == nil) != tt.notCalled {
				t.Errorf("call = %v, want called %v", u.Call, !tt.notCalled)
			}
			if !tt.op.IsTask() && !tt.op.IsSync() {
				t.Errorf("%v is neither a task nor a sync operation", tt.op)
			}
		})
	}
}

// TestClassifierTaskPath checks that a classifier with another task
// package recognises that package's calls and no longer the real one's.
func TestClassifierTaskPath(t *testing.T) {
	file, info, _ := check(t, `ot.Async(nil)`, false)
	call := marked(file).(*ast.CallExpr)
	if u, ok := (Classifier{TaskPath: "example.com/own"}).Call(info, call); !ok || u.Op != TaskAsync {
		t.Errorf("with TaskPath example.com/own: %v %v, want Async", u.Op, ok)
	}
	file, info, _ = check(t, `t.Async(nil)`, false)
	call = marked(file).(*ast.CallExpr)
	if u, ok := (Classifier{TaskPath: "example.com/own"}).Call(info, call); ok {
		t.Errorf("with TaskPath example.com/own, the real task.T.Async is %v", u.Op)
	}
}

func TestOpNames(t *testing.T) {
	seen := map[string]Op{}
	for o := TaskRun; o < numOps; o++ {
		s := o.String()
		if s == "" || s == "Op?" {
			t.Errorf("op %d has no name", o)
		}
		if p, dup := seen[s]; dup {
			t.Errorf("ops %d and %d are both named %q", p, o, s)
		}
		seen[s] = o
		if o.IsTask() == o.IsSync() {
			t.Errorf("%v: IsTask %v, IsSync %v", o, o.IsTask(), o.IsSync())
		}
	}
	if None.IsTask() || None.IsSync() || numOps.String() != "Op?" {
		t.Error("None or an out-of-range op is misnamed")
	}
}

func TestCoreType(t *testing.T) {
	src := `package p

type Slicey interface{ ~[]int }
type Num interface{ ~int | ~float64 }
type Stringer interface{ String() string }

func f[S ~[]int, P interface{ ~*int }, N Num, E Slicey, M Stringer, U interface{ Slicey; Stringer }, X any, I int](s S, p P, n N, e E, m M, u U, x X, i I) {}
`
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	info := &types.Info{Defs: map[*ast.Ident]types.Object{}}
	if _, err := (&types.Config{}).Check("p", fset, []*ast.File{file}, info); err != nil {
		t.Fatal(err)
	}
	want := map[string]string{
		"s": "[]int", "p": "*int", "n": "<nil>", "e": "[]int", "m": "<nil>", "u": "[]int", "x": "<nil>", "i": "int",
	}
	for id, obj := range info.Defs {
		w, ok := want[id.Name]
		if !ok || obj == nil {
			continue
		}
		got := "<nil>"
		if c := CoreType(obj.Type()); c != nil {
			got = c.String()
		}
		if got != w {
			t.Errorf("CoreType(%s %s) = %s, want %s", id.Name, obj.Type(), got, w)
		}
		delete(want, id.Name)
	}
	if len(want) != 0 {
		t.Errorf("parameters not found: %v", want)
	}
	if c := CoreType(types.NewSlice(types.Typ[types.Int])); c.String() != "[]int" {
		t.Errorf("CoreType([]int) = %v", c)
	}
}

func TestCallee(t *testing.T) {
	file, info, _ := check(t, `_ = append([]int(nil), 1)`, false)
	call := marked(file).(*ast.CallExpr)
	if b, ok := Callee(info, call).(*types.Builtin); !ok || b.Name() != "append" {
		t.Errorf("Callee(append(...)) = %v", Callee(info, call))
	}
	for src, want := range map[string]string{
		`task.NewFuture[int](t, nil)`: "NewFuture",
		`(*sync.Mutex).Lock(pmu)`:     "Lock",
		`s.Lock()`:                    "Lock",
		`fut.Get()`:                   "Get",
	} {
		file, info, _ := check(t, src, false)
		fn, ok := Callee(info, marked(file).(*ast.CallExpr)).(*types.Func)
		if !ok || fn.Name() != want || fn.Origin() != fn {
			t.Errorf("Callee(%s) = %v, want the origin of %s", src, fn, want)
		}
	}
	for _, src := range []string{`_ = (*sync.Mutex)(pmu)`, `var h func(); h()`, `func() {}()`} {
		file, info, _ := check(t, src, false)
		if o := Callee(info, marked(file).(*ast.CallExpr)); o != nil {
			t.Errorf("Callee(%s) = %v, want nil", src, o)
		}
	}
}
