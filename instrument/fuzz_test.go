package instrument

import (
	"fmt"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"golang.org/x/tools/go/packages"
)

// stubRT declares the hook surface of package rt with the signatures of
// the real one. The fuzz target type-checks rewritten programs against it
// in process (loading the real package for every input would be far too
// slow); TestRewrittenTypeChecks checks rewritten code against the real
// package.
const stubRT = `package rt

type Kind uint8

const (
	KindUnknown Kind = iota
	KindRead
	KindWrite
	KindAsync
	KindFuture
	KindFinish
	KindGet
	KindIsolated
	KindRun
	KindGo
	KindSend
	KindRecv
	KindClose
	KindSelect
	KindMutex
	KindWaitGroup
	KindOnce
	KindCond
	KindAtomic
	KindTime
	KindErrgroup
	KindGosched
)

type SiteInfo struct {
	File      string
	Line, Col int32
	Kind      Kind
	Expr      string
	Func      string
	Commute   uint8
}

func Register(pkg string, infos []SiteInfo) uint32                 { return 0 }
func Read[T any](p *T, site uint32)                                 {}
func Repeat[T any](p *T) bool                                       { return false }
func Write[T any](p *T, site uint32)                                {}
func ReadSlice[E any](s []E, site uint32)                           {}
func RangeRead[S ~[]E, E any](s S, site uint32) S                 { return s }
func WriteSlice[E any](s []E, site uint32)                          {}
func ReadMap[M ~map[K]V, K comparable, V any](m M, site uint32)     {}
func WriteMap[M ~map[K]V, K comparable, V any](m M, site uint32)    {}
func At[H any](h H, site uint32) H                                  { return h }
func Alloc[T any](p *T) *T                                          { return p }
func AllocSlice[S ~[]E, E any](s S) S                               { return s }
func SetFinalizer(obj, finalizer any)                               {}
func RegisterFields(flags []bool, reads, writes []string)           {}
func Start()                                                        {}
func Exit()                                                         {}
func OSExit(code int)                                               {}
type TB interface{ Helper(); Errorf(format string, args ...any) }
func TestBegin() uint64                                             { return 0 }
func TestEnd(t TB, before uint64)                                   {}
func ExampleEnd(name string, before uint64)                         {}
func TestMain(code int) int                                         { return code }
`

// stubGoHooks are the hooks of rt/gohooks.go with their signatures and
// without their bodies, so that the stub imports only sync and time
// (TestStubGoHooks keeps them equal to the real ones).
const stubGoHooks = `
func Go(f func(), site uint32)                                   {}
func Send[T any](ch chan<- T, v T, site uint32)                 {}
func SendTo[T any](ch chan<- T, site uint32) func(T)           { return nil }
func Recv[T any](ch <-chan T, site uint32) T                    { var v T; return v }
func Recv2[T any](ch <-chan T, site uint32) (T, bool)           { var v T; return v, false }
func Close[T any](ch chan<- T, site uint32)                     {}
func PoolEnter[T any](ch <-chan T, site uint32, keys ...any) (<-chan T, int32) { return ch, 0 }
func PoolRecv2[T any](ch <-chan T, pool int32, site uint32) (T, bool) { var v T; return v, false }
type Case interface{ selectCase() }
type RecvCase[T any] struct{ v T }
func OnRecv[T any](ch <-chan T) *RecvCase[T]                    { return nil }
func (r *RecvCase[T]) selectCase()                              {}
func (r *RecvCase[T]) Value() T                                 { return r.v }
func (r *RecvCase[T]) Value2() (T, bool)                        { return r.v, false }
type SendCase[T any] struct{ v T }
func OnSend[T any](ch chan<- T, v T) *SendCase[T]               { return nil }
func OnSendTo[T any](ch chan<- T) func(T) *SendCase[T]         { return nil }
func (s *SendCase[T]) selectCase()                              {}
func Select(site uint32, hasDefault bool, cases ...Case) int    { return 0 }
func MutexLock(m *sync.Mutex, site uint32)                      {}
func MutexLockCommute(m *sync.Mutex, class int, site uint32)    {}
func RWMutexLockCommute(m *sync.RWMutex, class int, site uint32) {}
func MutexLockInsert[K comparable](m *sync.Mutex, key K, site uint32)     {}
func RWMutexLockInsert[K comparable](m *sync.RWMutex, key K, site uint32) {}
func MutexUnlock(m *sync.Mutex, site uint32)                    {}
func MutexTryLock(m *sync.Mutex, site uint32) bool              { return false }
func RWMutexLock(m *sync.RWMutex, site uint32)                  {}
func RWMutexUnlock(m *sync.RWMutex, site uint32)                {}
func RWMutexTryLock(m *sync.RWMutex, site uint32) bool          { return false }
func RWMutexRLock(m *sync.RWMutex, site uint32)                 {}
func RWMutexRUnlock(m *sync.RWMutex, site uint32)               {}
func RWMutexTryRLock(m *sync.RWMutex, site uint32) bool         { return false }
func LockerLock(l sync.Locker, site uint32)                     {}
func LockerUnlock(l sync.Locker, site uint32)                   {}
type Locker = sync.Locker
func RWMutexLockRead(m *sync.RWMutex, site uint32)              {}
func RWMutexUnlockRead(m *sync.RWMutex, site uint32)            {}
func RWMutexTryLockRead(m *sync.RWMutex, site uint32) bool      { return false }
func RWMutexRLockRead(m *sync.RWMutex, site uint32)             {}
func RWMutexRUnlockRead(m *sync.RWMutex, site uint32)           {}
func RWMutexTryRLockRead(m *sync.RWMutex, site uint32) bool     { return false }
func WaitGroupAdd(wg *sync.WaitGroup, delta int, site uint32)   {}
func WaitGroupDone(wg *sync.WaitGroup, site uint32)             {}
func WaitGroupWait(wg *sync.WaitGroup, site uint32)             {}
func WaitGroupGo(wg *sync.WaitGroup, f func(), site uint32)     {}
func OnceDo(o *sync.Once, f func(), site uint32)                {}
func SyncMapLoad(m *sync.Map, k any, site uint32) (v any, ok bool)             { return nil, false }
func SyncMapStore(m *sync.Map, k, v any, site uint32)                     {}
func SyncMapLoadOrStore(m *sync.Map, k, v any, site uint32) (a any, l bool)   { return nil, false }
func SyncMapLoadAndDelete(m *sync.Map, k any, site uint32) (v any, l bool)    { return nil, false }
func SyncMapDelete(m *sync.Map, k any, site uint32)                       {}
func SyncMapSwap(m *sync.Map, k, v any, site uint32) (p any, l bool)          { return nil, false }
func SyncMapCompareAndSwap(m *sync.Map, k, o, n any, site uint32) (s bool)    { return false }
func SyncMapCompareAndDelete(m *sync.Map, k, o any, site uint32) (d bool)     { return false }
func SyncMapRange(m *sync.Map, f func(k, v any) bool, site uint32)        {}
func SyncMapClear(m *sync.Map, site uint32)                               {}
func OnceFunc(f func(), site uint32) func()                     { return f }
func OnceValue[T any](f func() T, site uint32) func() T         { return f }
func OnceValues[T1, T2 any](f func() (T1, T2), site uint32) func() (T1, T2) { return f }
func CondWait(c *sync.Cond, site uint32)                        {}
func CondSignal(c *sync.Cond, site uint32)                      {}
func CondBroadcast(c *sync.Cond, site uint32)                   {}
func AtomicAt[T any](p *T, site uint32) *T                      { return p }
func Spin(site uint32)                                          {}
func Unchecked(site uint32) {}
func ReadField[P ~*E, E any](p P, name string, site uint32) P { return p }
func WriteField[P ~*E, E any](p P, name string, site uint32) P { return p }
func ReadIndex[S ~[]E, E any](s S, i int, site uint32) S { return s }
func WriteIndex[S ~[]E, E any](s S, i int, site uint32) S { return s }
func ReadMapIndex[M ~map[K]V, K comparable, V any](m M, site uint32) M { return m }
func WriteMapIndex[M ~map[K]V, K comparable, V any](m M, site uint32) M { return m }
func Result[T any](v T, _ bool) T { return v }
type TR[T any] interface{ Run(name string, f func(T)) bool }
func TestRun[T any, R TR[T]](t R, name string, f func(T), site uint32) bool { return false }
type TP interface{ Parallel(); Name() string; Cleanup(f func()) }
func TestParallel(t TP, site uint32)                            {}
func AtomicLoadAt[T any](p *T, site uint32) *T                  { return p }
func AtomicAddAt[T any](p *T, site uint32) *T                   { return p }
func AtomicAndAt[T any](p *T, site uint32) *T                   { return p }
func AtomicOrAt[T any](p *T, site uint32) *T                    { return p }
func AfterFunc(d time.Duration, f func(), site uint32) *time.Timer { return nil }
func Gosched(site uint32)                                         {}
func SpinYield(site uint32)                                       {}
func Sleep(d time.Duration, site uint32)                        {}
func After(d time.Duration, site uint32) <-chan time.Time        { return nil }
func Now(site uint32) time.Time                                  { return time.Time{} }
func Since(t time.Time, site uint32) time.Duration               { return 0 }
func Until(t time.Time, site uint32) time.Duration               { return 0 }
func Bubble[T any](f func(T), site uint32) func(T)               { return f }
`

// stubTimerHooks are the hooks of rt/gotimers.go and rt/gocontext.go.
const stubTimerHooks = `
func NewTimer(d time.Duration, site uint32) *time.Timer                  { return nil }
func NewTicker(d time.Duration, site uint32) *time.Ticker                { return nil }
func Tick(d time.Duration, site uint32) <-chan time.Time                 { return nil }
func TimerStop(t *time.Timer, site uint32) bool                          { return false }
func TimerReset(t *time.Timer, d time.Duration, site uint32) bool        { return false }
func TickerStop(t *time.Ticker, site uint32)                             {}
func TickerReset(t *time.Ticker, d time.Duration, site uint32)           {}
func WithDeadline(parent context.Context, d time.Time, site uint32) (context.Context, context.CancelFunc) {
	return nil, nil
}
func WithTimeout(parent context.Context, timeout time.Duration, site uint32) (context.Context, context.CancelFunc) {
	return nil, nil
}
func WithTimeoutCause(parent context.Context, timeout time.Duration, cause error, site uint32) (context.Context, context.CancelFunc) {
	return nil, nil
}
func WithDeadlineCause(parent context.Context, d time.Time, cause error, site uint32) (context.Context, context.CancelFunc) {
	return nil, nil
}

func WithCancel(parent context.Context, site uint32) (context.Context, context.CancelFunc) {
	return nil, nil
}
func ContextAfterFunc(ctx context.Context, f func(), site uint32) (stop func() bool) { return nil }
func ContextErr(ctx context.Context, site uint32) error { return nil }
func WithCancelCause(parent context.Context, site uint32) (context.Context, context.CancelCauseFunc) {
	return nil, nil
}

type deadlineCtx struct{}

func (c *deadlineCtx) Deadline() (time.Time, bool)       { return time.Time{}, false }
func (c *deadlineCtx) Done() <-chan struct{}             { return nil }
func (c *deadlineCtx) Err() error                        { return nil }
func (c *deadlineCtx) Value(key any) any                 { return nil }
func (c *deadlineCtx) String() string                    { return "" }
func (c *deadlineCtx) AfterFunc(f func()) func() bool    { return nil }
`

// stubReflectHooks are the hooks of rt/reflecthooks.go.
const stubReflectHooks = `
func ReflectRead(v reflect.Value, site uint32)                  {}
func ReflectWrite(v reflect.Value, site uint32)                 {}
func ReflectCopyDst(dst, src reflect.Value, site uint32)        {}
func ReflectCopySrc(dst, src reflect.Value, site uint32)        {}
`

// stubRTSource returns the stub of rt with the hooks of plain Go.
func stubRTSource() string {
	return "package rt\n\nimport (\n\t\"context\"\n\t\"encoding/binary\"\n\t\"io\"\n\t\"os\"\n\t\"reflect\"\n\t\"sync\"\n\t\"time\"\n)\n" + strings.TrimPrefix(stubRT, "package rt\n") + stubGoHooks + stubTimerHooks + stubReflectHooks + stubLibHooks
}

// TestStubGoHooks checks that the stub declares every exported function of
// package rt with the same signature.
func TestStubGoHooks(t *testing.T) {
	sigs := func(name, src string) map[string]string {
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, name, src, 0)
		if err != nil {
			t.Fatal(err)
		}
		out := map[string]string{}
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || !fd.Name.IsExported() {
				continue
			}
			key := fd.Name.Name
			if fd.Recv != nil {
				key = types.ExprString(fd.Recv.List[0].Type) + "." + key
			}
			var b strings.Builder
			for _, l := range []*ast.FieldList{fd.Type.TypeParams, fd.Type.Params, fd.Type.Results} {
				if l == nil {
					continue
				}
				for _, fl := range l.List {
					fmt.Fprintf(&b, "%d %s;", len(fl.Names), types.ExprString(fl.Type))
				}
				b.WriteString("|")
			}
			out[key] = b.String()
		}
		return out
	}
	files, err := filepath.Glob(filepath.Join("..", "rt", "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{}
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		real, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for name, sig := range sigs(filepath.Base(f), string(real)) {
			want[name] = sig
		}
	}
	got := sigs("stub.go", stubRTSource())
	for name, sig := range want {
		if got[name] != sig {
			t.Errorf("stub of rt.%s is %q, package rt has %q", name, got[name], sig)
		}
	}
	if len(want) < 30 {
		t.Errorf("only %d hooks found in rt/gohooks.go", len(want))
	}
}

// fuzzImporter resolves the imports of fuzzed programs: the stub of rt,
// the stand-in task library, and the standard library from source.
type fuzzImporter struct {
	fset *token.FileSet
	std  types.Importer
	mu   sync.Mutex
	pkgs map[string]*types.Package
	// sites are the sources of the site packages the rewrites made, by
	// import path (addSitePackages).
	sites map[string][]byte
}

func newFuzzImporter(fset *token.FileSet) *fuzzImporter {
	return &fuzzImporter{fset: fset, std: importer.ForCompiler(fset, "source", nil), pkgs: map[string]*types.Package{}}
}

func (im *fuzzImporter) Import(path string) (*types.Package, error) {
	im.mu.Lock()
	defer im.mu.Unlock()
	if p, ok := im.pkgs[path]; ok {
		return p, nil
	}
	var p *types.Package
	var err error
	switch path {
	case RTPath:
		p, err = im.fromSource(path, stubRTSource())
	case fakeTask:
		var src []byte
		src, err = os.ReadFile(filepath.Join("testdata", "src", "faketask", "task.go"))
		if err == nil {
			p, err = im.fromSource(path, string(src))
		}
	default:
		if strings.HasPrefix(path, sitePkgPrefix) {
			p, err = im.importSitePackage(path)
			break
		}
		p, err = im.std.Import(path)
	}
	if err != nil {
		return nil, err
	}
	im.pkgs[path] = p
	return p, nil
}

func (im *fuzzImporter) fromSource(path, src string) (*types.Package, error) {
	f, err := parser.ParseFile(im.fset, path+".go", src, 0)
	if err != nil {
		return nil, err
	}
	// The stubs import only the standard library; im is locked while
	// they are checked.
	conf := types.Config{Importer: im.std}
	return conf.Check(path, im.fset, []*ast.File{f}, nil)
}

// checkSource parses and type-checks one file as package path.
func checkSource(fset *token.FileSet, im types.Importer, name string, src []byte) (*ast.File, *types.Package, *types.Info, error) {
	f, err := parser.ParseFile(fset, name, src, parser.ParseComments|parser.SkipObjectResolution)
	if err != nil {
		return nil, nil, nil, err
	}
	info := &types.Info{
		Types:      map[ast.Expr]types.TypeAndValue{},
		Defs:       map[*ast.Ident]types.Object{},
		Uses:       map[*ast.Ident]types.Object{},
		Implicits:  map[ast.Node]types.Object{},
		Selections: map[*ast.SelectorExpr]*types.Selection{},
		Scopes:     map[ast.Node]*types.Scope{},
		Instances:  map[*ast.Ident]types.Instance{},
	}
	conf := types.Config{Importer: im, GoVersion: "go1.26", Error: func(error) {}}
	pkg, err := conf.Check("fuzz/p", fset, []*ast.File{f}, info)
	return f, pkg, info, err
}

// fuzzSeeds are small programs that start the corpus of FuzzRewrite; the
// inputs of the golden and behavioural tests are added too.
var fuzzSeeds = []string{
	"package p\nvar g int\nfunc f() { g++ }\n",
	"package p\nfunc f(s []int, m map[int]int) int { x := 0; go func() { x++ }(); s[x] = m[x]; return x }\n",
	"package p\nfunc f(p *struct{ a [3]int }) { for i := range p.a { p.a[i] += i } }\n",
	"package p\nvar g []int\nfunc f() { for i := 0; i < len(g); i++ { if g[i] > 0 && g[i-1] < 0 { g[i], g[i-1] = g[i-1], g[i] } } }\n",
	"package p\nvar ch = make(chan int)\nvar v int\nfunc f() { select { case v = <-ch: case ch <- v: } }\n",
	"package p\nvar g int\nfunc f() { L: for { switch { case g > 1: break L; default: g-- } } }\n",
	"package p\nvar g int\nfunc f(s, t []int) { for i := range s { s[i] = t[i] + g }; for i := 0; i < len(t); i++ { g += t[i] } }\n",
	"package p\nfunc row(m [][]int) []int { return m[0] }\nfunc f(d []int, m [][]int) { for j, y := range row(m) { d[j] += y } }\n",
	"package p\nvar g int\nfunc f(p *struct{ v int }, m map[int]int) int { p.v = g; a := g; m[a] = p.v; return a + p.v + m[1] }\n",
	"package p\nimport \"sync\"\ntype L interface{ sync.Locker; N() }\nfunc f(l L, mu *sync.Mutex, o *sync.Once) { g := l.Lock; g(); defer l.Unlock(); h := mu.TryLock; _ = h(); go o.Do(func() {}) }\n",
	"package p\nfunc f[C ~chan int](c C, d chan int) int { c <- 1; close(d); for v := range c { return v }; go println(1); L: select { case v, ok := <-d: if ok { break L }; return v; case d <- <-d: }; return <-c }\n",
	"package p\nimport \"sync/atomic\"\nfunc f(x *int64) func(int64) int64 { g := atomic.AddInt64; var v atomic.Int64; h := v.Add; _ = g; go atomic.AddInt64(x, 1); return h }\n",
	"package p\n" + stencilRow + "\nfunc h(p *int) { *p = 1 }\n",
	"package p\nfunc f(d, s []int, lo, hi, k int) { for j := lo; j <= hi; j++ { d[j], s[k] = s[j+1] + s[k-1], d[k] } }\n",
	"package p\ntype T struct{ f []int }\ntype I interface{ M() }\nfunc (*T) M() {}\nfunc f(v any, m map[int]any) int { v.(*T).f[0]++; x := m[1].(I).(*T).f; return *v.(*int) + len(x) }\n",
	"package p\nvar g int\nfunc f() (n int) { var walk func(int); walk = func(d int) { n += d + g; if d > 0 { walk(d - 1) } }; defer func() { n++ }(); walk(3); return }\n",
	"package p\nimport \"sync\"\nfunc work(jobs <-chan int, out []int, wg *sync.WaitGroup) { defer wg.Done(); for j := range jobs { out[j] = j } }\nfunc f(jobs chan int, out []int) { var wg sync.WaitGroup; for w := range 2 { wg.Add(1); go work(jobs, out, &wg); wg.Go(func() { for j := range jobs { out[j] += w } }) }; wg.Wait() }\n",
}

// FuzzRewrite rewrites programs and requires that what type-checked before
// still type-checks after, with every original line on its line.
func FuzzRewrite(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add([]byte(s))
	}
	for _, c := range typecheckCases() {
		files, _ := filepath.Glob(filepath.Join("testdata", "src", c, "*.go"))
		for _, name := range files {
			if strings.HasSuffix(name, "_test.go") {
				continue
			}
			if src, err := os.ReadFile(name); err == nil {
				f.Add(src)
			}
		}
	}
	fset := token.NewFileSet()
	im := newFuzzImporter(fset)
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, src []byte) {
		if len(src) > 1<<16 {
			return
		}
		name := filepath.Join(dir, "p.go")
		file, tpkg, info, err := checkSource(fset, im, name, src)
		if err != nil || tpkg.Name() == "C" || importsC(file) {
			return // not a valid program: nothing to keep
		}
		if err := os.WriteFile(name, src, 0o644); err != nil {
			t.Fatal(err)
		}
		pkg := &packages.Package{
			ID: "fuzz/p", PkgPath: "fuzz/p", Name: tpkg.Name(),
			Fset: fset, Syntax: []*ast.File{file}, Types: tpkg, TypesInfo: info,
			GoFiles: []string{name}, CompiledGoFiles: []string{name},
		}
		res, err := Package(pkg, Config{TaskPackage: fakeTask})
		if err != nil {
			t.Fatalf("rewrite: %v", err)
		}
		im.addSitePackages(res)
		for _, fr := range res.Files {
			if _, _, _, err := checkSource(fset, im, name, fr.Content); err != nil {
				t.Fatalf("rewritten program does not type-check: %v\n--- input:\n%s\n--- output:\n%s", err, src, fr.Content)
			}
			want, got := lineTokens(src), lineTokens(fr.Content)
			for line, toks := range want {
				if len(got[line]) < len(toks) && !plainGoLine(got[line]) {
					t.Fatalf("line %d lost tokens:\n--- output:\n%s", line, fr.Content)
				}
			}
		}
	})
}

// TestFuzzSeedsValid checks that the seeds of FuzzRewrite are programs that
// type-check and get hooks, so that the fuzz target starts from inputs it
// does not discard.
func TestFuzzSeedsValid(t *testing.T) {
	fset := token.NewFileSet()
	im := newFuzzImporter(fset)
	dir := t.TempDir()
	for i, src := range fuzzSeeds {
		name := filepath.Join(dir, "p.go")
		file, tpkg, info, err := checkSource(fset, im, name, []byte(src))
		if err != nil {
			t.Fatalf("seed %d does not type-check: %v", i, err)
		}
		if err := os.WriteFile(name, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		pkg := &packages.Package{
			ID: "fuzz/p", PkgPath: "fuzz/p", Name: tpkg.Name(),
			Fset: fset, Syntax: []*ast.File{file}, Types: tpkg, TypesInfo: info,
			GoFiles: []string{name}, CompiledGoFiles: []string{name},
		}
		res, err := Package(pkg, Config{TaskPackage: fakeTask})
		if err != nil {
			t.Fatal(err)
		}
		if res.Stats.Hooks+res.Stats.SyncOps == 0 || len(res.Files) != 1 {
			t.Errorf("seed %d got no hook: %+v", i, res.Stats)
		}
	}
}

// parseFile parses one Go file with comments.
func parseFile(fset *token.FileSet, name string, src []byte) (*ast.File, error) {
	return parser.ParseFile(fset, name, src, parser.ParseComments|parser.SkipObjectResolution)
}
