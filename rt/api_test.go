package rt

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// surface is what rewritten and generated code calls: every exported name
// of package rt. The rewriter (package instrument) emits the access hooks,
// At, Register with its SiteInfo and Kind constants, Exit and OSExit, and
// the test hooks with TB; the generated TestMain (instrument/checkbuild) calls
// TestMain. Anything else belongs in an internal package behind rt (the
// checker, the reports, the options): a new name here must be one that
// generated code calls.
var surface = []string{
	// Sites.
	"Register", "SiteInfo", "Kind",
	"KindUnknown", "KindRead", "KindWrite", "KindAsync", "KindFuture",
	"KindFinish", "KindGet", "KindIsolated", "KindRun",
	"KindGo", "KindSend", "KindRecv", "KindClose", "KindSelect", "KindMutex",
	"KindWaitGroup", "KindOnce", "KindCond", "KindAtomic", "KindTime",
	"KindErrgroup", "KindGosched",
	// Access hooks.
	"Read", "Repeat", "Write", "ReadSlice", "WriteSlice", "ReadMap", "WriteMap",
	// An access without a hook, reached (instrument's unchecked), and the
	// hooks of a return statement's accesses after its calls (instrument's
	// syncorder.go).
	"Unchecked", "Result",
	// A field of a call's value, hooked in place (instrument/inline.go).
	"ReadField", "WriteField", "ReadIndex", "WriteIndex", "ReadMapIndex", "WriteMapIndex",
	// The flags of field reads and the fields that writes write, from site
	// packages (instrument/fields.go).
	"RegisterFields",
	// Allocations whose deaths the checker learns (checker/alloc.go), and
	// runtime.SetFinalizer, which must take the checker's finalizer off.
	"Alloc", "AllocSlice", "SetFinalizer",
	// Task-library call sites.
	"At",
	// The end of a program and of tests.
	"Start", "Exit", "OSExit", "TestBegin", "TestEnd", "ExampleEnd", "TestMain", "TB", "TestParallel", "TP", "Spin", "TestRun", "TR",
	// Plain Go concurrency (gohooks.go): go statements, channels, select,
	// package sync, sync/atomic and time.Sleep.
	"Go", "Send", "SendTo", "Recv", "Recv2", "Close",
	// The loops of the workers of pools (instrument/workerloop.go).
	"PoolEnter", "PoolRecv2",
	"Case", "RecvCase", "OnRecv", "SendCase", "OnSend", "OnSendTo", "Select",
	"MutexLock", "MutexLockCommute", "MutexLockInsert", "MutexUnlock", "MutexTryLock",
	"RWMutexLock", "RWMutexLockCommute", "RWMutexLockInsert", "RWMutexUnlock", "RWMutexTryLock", "RWMutexRLock", "RWMutexRUnlock", "RWMutexTryRLock",
	"LockerLock", "LockerUnlock",
	// Lock operations that run later than where they appear, and the type
	// a method value of a Locker interface is bound at (lockers.go).
	"RWMutexLockRead", "RWMutexUnlockRead", "RWMutexTryLockRead",
	"RWMutexRLockRead", "RWMutexRUnlockRead", "RWMutexTryRLockRead", "Locker",
	"WaitGroupAdd", "WaitGroupDone", "WaitGroupWait", "WaitGroupGo",
	"OnceDo", "OnceFunc", "OnceValue", "OnceValues",
	"SyncMapLoad", "SyncMapStore", "SyncMapLoadOrStore", "SyncMapLoadAndDelete", "SyncMapDelete", "SyncMapSwap", "SyncMapCompareAndSwap", "SyncMapCompareAndDelete", "SyncMapRange", "SyncMapClear",
	"CondWait", "CondSignal", "CondBroadcast", "AtomicAt", "AtomicLoadAt", "AtomicAddAt", "AtomicAndAt", "AtomicOrAt", "Sleep", "Gosched", "SpinYield", "ContextAfterFunc", "ContextErr", "RangeRead", "AfterFunc",
	// Accesses through package reflect (reflecthooks.go).
	"ReflectRead", "ReflectWrite", "ReflectCopyDst", "ReflectCopySrc",
	// The calls of package time on the run's clock (instrument/timers.go).
	"After", "Now", "Since", "Until", "Bubble",
	// Timers, and contexts canceled or timed out, on the run's clock (gotimers.go,
	// gocontext.go).
	"NewTimer", "NewTicker", "Tick", "TimerStop", "TimerReset", "TickerStop", "TickerReset",
	"WithDeadline", "WithTimeout", "WithDeadlineCause", "WithTimeoutCause",
	"WithCancel", "WithCancelCause",
	// Reads and writes of the standard library, file I/O and sync.Pool
	// (iohooks.go, poolhooks.go; instrument/ioread.go and pool.go).
	"FillRead", "FillReadAt", "DrainWrite", "ReadFull", "ReadAtLeast", "BinaryRead",
	"Sscan", "Sscanf", "Sscanln", "Fscan", "Fscanf", "Fscanln",
	"FileRead", "FileReadAt", "FileWrite", "FileWriteString", "FileWriteAt",
	"ReadFile", "WriteFile", "PoolPut", "PoolGet",
}

// TestSurface fails when package rt exports a name that is not in
// surface, or when an exported declaration mentions a package other than
// the standard library's unsafe, sync, time, context, reflect, io and os (such as
// an internal type of the checker).
func TestSurface(t *testing.T) {
	fset := token.NewFileSet()
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	var exported []string
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		f, err := parser.ParseFile(fset, name, src, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if d.Recv == nil && d.Name.IsExported() {
					exported = append(exported, d.Name.Name)
					checkMentions(t, fset, d.Name.Name, d.Type)
				}
			case *ast.GenDecl:
				for _, s := range d.Specs {
					switch s := s.(type) {
					case *ast.TypeSpec:
						if s.Name.IsExported() {
							exported = append(exported, s.Name.Name)
							checkMentions(t, fset, s.Name.Name, s.Type)
						}
					case *ast.ValueSpec:
						for _, n := range s.Names {
							if n.IsExported() {
								exported = append(exported, n.Name)
								if s.Type != nil {
									checkMentions(t, fset, n.Name, s.Type)
								}
							}
						}
					}
				}
			}
		}
	}
	for _, name := range exported {
		if !slices.Contains(surface, name) {
			t.Errorf("rt exports %s, which is not in the list of what rewritten and generated code calls: move it behind rt, into an internal package, or add it to surface with the code that calls it", name)
		}
	}
	for _, name := range surface {
		if !slices.Contains(exported, name) {
			t.Errorf("surface lists %s, which rt does not export", name)
		}
	}
}

// checkMentions reports a qualified identifier (pkg.Name) in the exported
// declaration of name, other than of the standard library's unsafe, sync,
// time, context and reflect, whose types the hooks of plain Go and of
// reflect take as the rewritten code has them: generated code must be able to use the
// declaration with nothing but package rt and the packages the user's code
// imported (a reflect.Value hook is passed a value, never a named type).
// io and os are allowed for the hooks that replace io.ReadFull,
// io.ReadAtLeast and os.WriteFile, whose callers imported them, and
// encoding/binary for the one that replaces binary.Read.
func checkMentions(t *testing.T, fset *token.FileSet, name string, n ast.Node) {
	t.Helper()
	ast.Inspect(n, func(n ast.Node) bool {
		if sel, ok := n.(*ast.SelectorExpr); ok {
			if id, ok := sel.X.(*ast.Ident); ok && !slices.Contains([]string{"unsafe", "sync", "time", "context", "reflect", "io", "os", "binary"}, id.Name) {
				t.Errorf("%s: exported %s mentions %s.%s", fset.Position(sel.Pos()), name, id.Name, sel.Sel.Name)
			}
		}
		return true
	})
}
