package instrument

import (
	"go/ast"
	"go/types"
	"strings"
)

// Reads into the program's memory by code that is not rewritten. The
// standard library is not rewritten, so the write of p[:n] that a Read
// makes inside os.File, bytes.Buffer, strings.Reader or bufio.Reader is
// invisible to the checker; Go's race detector sees it (syscall.Read calls
// race.WriteRange(p[:n]) in -race builds, and bytes.Buffer's copy is
// instrumented). So a call of a method
//
//	Read(p []byte) (n int, err error)
//	ReadAt(p []byte, off int64) (n int, err error)
//
// whose callee is not rewritten, and a call of io.ReadFull or
// io.ReadAtLeast, go through a hook of rt/iohooks.go that makes the call
// and then records a write of p[:n] (clamped to p when a broken Reader
// returns an n below 0 or above len(p)):
//
//	n, err := f.Read(b)        →  n, err := _tpinstr_rt.FillRead(f.Read, b, site)
//	f.ReadAt(b, off)           →  _tpinstr_rt.FillReadAt(f.ReadAt, b, off, site)
//	io.ReadFull(r, b)          →  _tpinstr_rt.ReadFull(r, b, site)
//	io.ReadAtLeast(r, b, min)  →  _tpinstr_rt.ReadAtLeast(r, b, min, site)
//
// The call stays an expression with the same results, so every statement
// form keeps its shape and its own hooks (n, err := …, n, err = … in a
// for statement's init or post, _, err = …, if _, err := r.Read(b); …,
// a result left unused), and the write is recorded where the callee makes
// it: before the results are assigned. The method value f.Read evaluates
// the receiver before the arguments, as the call does (a nil interface
// panics there, before the arguments are evaluated rather than after).
//
// The callee is not rewritten when the method is declared in the standard
// library or in a module other than the package's own (dependencies are
// never rewritten), or when it is a method of an interface (io.Reader,
// or a type parameter's constraint). An interface call may reach an
// implementation in rewritten code, whose own writes are hooked; the extra
// write of p[:n] after it is still one that happened, by io.Reader's
// contract (Read reads up to len(p) bytes into p and returns their
// number), and it is made by the calling goroutine after the callee's: it
// can only add a race that the callee's own writes already make.
//
// Likewise a call of a method Write(p []byte) (n int, err error) whose
// callee is not rewritten (a hash.Hash, a bytes.Buffer, a bufio.Writer, an
// io.Writer) records a read of p[:n] after it returns, by io.Writer's
// contract (Write writes n bytes from p), as the instrumented standard
// library makes it in -race builds:
//
//	h.Write(b)  →  _tpinstr_rt.DrainWrite(h.Write, b, site)
//
// (io.Discard's Write reads nothing, but is recorded as reading p[:n]
// when called through an io.Writer.)
//
// Calls of *os.File's methods get the hooks of file I/O (FileRead,
// FileReadAt, FileWrite, FileWriteString, FileWriteAt, and os.ReadFile,
// os.WriteFile), which add the race detector's ioSync: see rt/iohooks.go.
//
// binary.Read(r, order, data) goes through rt.BinaryRead, which makes the
// call and, when it succeeds, records the write of all of data (the value
// it points to, or the slice's elements): it decodes into data only after
// reading every byte it needs.
//
// fmt.Sscan, Sscanf and Sscanln, and Fscan, Fscanf and Fscanln, go
// through the hooks of the same names, which make the call and record the
// write of what each of the first n arguments points to, n the count it
// returns: fmt stores an item only once it has parsed it, and counts it
// once stored. An argument that implements fmt.Scanner is left to its own
// Scan method. (A call with args... is not rewritten.) What Fscan does to
// its reader is stdeffects.go's: a write of a reader of the standard
// library's (a *bufio.Reader, a *strings.Reader) through stdFuncs, and
// the hooks of a reader whose methods are rewritten code.
//
// Not covered: method values and method expressions of Read (r := f.Read),
// go statements of them, readers called by other code of the standard
// library on the program's memory (io.Copy into a rewritten Writer is
// fine; fmt.Scan or json.Decoder writing through pointers are not), and
// WriteString, WriteByte, ReadFrom and WriteTo methods.

// readSigs are the methods whose callee writes (Read, ReadAt) or reads
// (Write) their first argument.
var readSigs = map[string]string{"Read": "FillRead", "ReadAt": "FillReadAt", "Write": "DrainWrite"}

// fileHooks are the methods of *os.File with hooks of file I/O.
var fileHooks = map[string]string{
	"Read": "FileRead", "ReadAt": "FileReadAt",
	"Write": "FileWrite", "WriteString": "FileWriteString", "WriteAt": "FileWriteAt",
}

// libFuncs are the functions of the standard library with hooks.
var libFuncs = map[string]string{
	"io.ReadFull":    "ReadFull",
	"io.ReadAtLeast": "ReadAtLeast",
	"os.ReadFile":    "ReadFile",
	"os.WriteFile":   "WriteFile",

	"encoding/binary.Read": "BinaryRead",

	"fmt.Sscan":   "Sscan",
	"fmt.Sscanf":  "Sscanf",
	"fmt.Sscanln": "Sscanln",
	"fmt.Fscan":   "Fscan",
	"fmt.Fscanf":  "Fscanf",
	"fmt.Fscanln": "Fscanln",
}

// siteFirst are the hooks of libFuncs that are variadic, as the functions
// they replace are: their site comes first.
var siteFirst = map[string]bool{"Sscan": true, "Sscanf": true, "Sscanln": true, "Fscan": true, "Fscanf": true, "Fscanln": true}

// libCall rewrites the call x when it reads into memory as above, or is a
// Put or Get of a sync.Pool (pool.go), and reports whether it did.
func (g *goRewriter) libCall(x *ast.CallExpr) bool {
	if g.poolCall(x) {
		return true
	}
	hook, method, ok := g.r.libHook(x)
	if !ok {
		return false
	}
	fn := g.r.facts.callee(x).(*types.Func)
	kind := kindWrite
	if strings.HasPrefix(fn.Name(), "Write") {
		kind = kindRead
	}
	site := g.r.siteRef(g.r.addSite(x.Pos(), kind, x))
	if hook == "BinaryRead" && g.r.flags != nil && len(x.Args) == 3 {
		// The hook writes every field of what data points to (fields.go).
		g.r.flags.markTarget(g.r.info.TypeOf(x.Args[2]))
	}
	if siteFirst[hook] && g.r.flags != nil {
		// The scanned arguments, after the string (and the format).
		skip := 1
		if hook == "Sscanf" || hook == "Fscanf" {
			skip = 2
		}
		for _, a := range x.Args[min(skip, len(x.Args)):] {
			g.r.flags.markTarget(g.r.info.TypeOf(a))
		}
	}
	if !method {
		g.keepImport(x.Fun, fn.Name())
		g.replace(x.Fun.Pos(), x.Fun.End(), rt(hook))
		if siteFirst[hook] {
			g.insert(x.Lparen+1, site+", ", prioVariantArg)
		} else {
			g.insert(x.Rparen, ", "+site, prioAtClose)
		}
		return true
	}
	g.insert(x.Fun.Pos(), rt(hook)+"(", prioAtOpen)
	g.replace(x.Lparen, x.Lparen+1, ", ")
	g.insert(x.Rparen, ", "+site, prioAtClose)
	return true
}

// libHook returns the hook of ioread.go that the call x goes through, and
// whether x calls a method (whose method value the hook takes) rather
// than a function (which the hook replaces); ok is false for other calls.
// rewritesInside (plaingo.go) asks it too, so that no such call is moved
// into a temporary.
func (r *fileRewriter) libHook(x *ast.CallExpr) (hook string, method, ok bool) {
	fn, _ := r.facts.callee(x).(*types.Func)
	if fn == nil || x.Ellipsis.IsValid() {
		return "", false, false
	}
	sig := fn.Signature()
	if sig.Recv() == nil {
		if fn.Pkg() == nil {
			return "", false, false
		}
		hook, ok := libFuncs[fn.Pkg().Path()+"."+fn.Name()]
		return hook, false, ok
	}
	sel, isSel := ast.Unparen(x.Fun).(*ast.SelectorExpr)
	if !isSel {
		return "", false, false
	}
	if s := r.info.Selections[sel]; s == nil || s.Kind() != types.MethodVal {
		return "", false, false // a method expression, (*os.File).Read(f, b)
	}
	switch {
	case isOSFile(sig.Recv().Type()) && fileSig(fn.Name(), sig):
		return fileHooks[fn.Name()], true, true
	case readSigs[fn.Name()] != "" && fileSig(fn.Name(), sig) && r.notRewritten(fn):
		return readSigs[fn.Name()], true, true
	}
	return "", false, false
}

// fileSig reports whether sig is the signature that the method name has
// in os.File (and in io.Reader, io.ReaderAt, io.Writer, io.WriterAt,
// io.StringWriter).
func fileSig(name string, sig *types.Signature) bool {
	bytes := types.NewSlice(types.Typ[types.Byte])
	var params []types.Type
	switch name {
	case "Read", "Write":
		params = []types.Type{bytes}
	case "ReadAt", "WriteAt":
		params = []types.Type{bytes, types.Typ[types.Int64]}
	case "WriteString":
		params = []types.Type{types.Typ[types.String]}
	default:
		return false
	}
	if sig.Variadic() || sig.Params().Len() != len(params) || sig.Results().Len() != 2 {
		return false
	}
	for i, p := range params {
		if !types.Identical(sig.Params().At(i).Type(), p) {
			return false
		}
	}
	return types.Identical(sig.Results().At(0).Type(), types.Typ[types.Int]) &&
		types.Identical(sig.Results().At(1).Type(), types.Universe.Lookup("error").Type())
}

// isOSFile reports whether t is *os.File.
func isOSFile(t types.Type) bool {
	p, ok := types.Unalias(t).(*types.Pointer)
	if !ok {
		return false
	}
	n, ok := types.Unalias(p.Elem()).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "os" && n.Obj().Name() == "File"
}

// notRewritten reports whether the method fn is code that the checked
// build does not rewrite: a method of an interface, or one declared in the
// standard library or in another module than the package's.
func (r *fileRewriter) notRewritten(fn *types.Func) bool {
	if recv := fn.Signature().Recv(); recv != nil && types.IsInterface(recv.Type()) {
		return true
	}
	pkg := fn.Pkg()
	switch {
	case pkg == nil:
		return true
	case pkg == r.pkg.Types:
		return false
	case isStdPath(pkg.Path()):
		return true
	}
	if m := r.pkg.Module; m != nil {
		return pkg.Path() != m.Path && !strings.HasPrefix(pkg.Path(), m.Path+"/")
	}
	return false
}

// isStdPath reports whether path is a package of the standard library:
// its first element has no dot.
func isStdPath(path string) bool {
	first, _, _ := strings.Cut(path, "/")
	return !strings.Contains(first, ".")
}
