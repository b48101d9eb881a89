package instrument

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/tpinstr/tpinstr/internal/syncapi"
)

// Commutative sections of a mutex. In plain Go, the section
//
//	mu.Lock()
//	count++
//	mu.Unlock()
//
// is to a mutex what t.Isolated(func() { count++ }) is to the task
// library: n goroutines counting would need n! orders of their Locks
// explored, although every order computes the same count. A section of a
// mutex is
//
//   - the statements between mu.Lock() and the first mu.Unlock() after it
//     in the same statement list (both expression statements, on the same
//     receiver, written alike), or
//   - the statements that follow mu.Lock(); defer mu.Unlock() to the end
//     of a function's body, when those two are statements of that body
//     (a final return without results, in a function without results, is
//     left out);
//
// for a sync.Mutex, or a sync.RWMutex locked for writing, whose receiver
// names one mutex whatever the section does (identifiers, fields and
// pointer indirections only). A section whose statements are a commutative
// update of class c by the rule of commute.go (commuteStmts, the function
// that decides Isolated bodies too) is a commutative section: its Lock
// becomes rt.MutexLockCommute(&mu, c, site) (rt.RWMutexLockCommute), or,
// for inserts into maps under one key k, rt.MutexLockInsert(&mu, k, site)
// (rt.RWMutexLockInsert), and
// rt's executor neither explores the orders of the sections of one class
// of a mutex nor orders them among themselves (rt/internal/goexec,
// section.go, has the argument). The variables that any section assigns
// count, for the rule, as those that Isolated bodies assign: no section's
// read of them is stable.
//
// The rule's argument holds for sections as for Isolated bodies: a
// section runs as a unit against the others of its mutex (they hold it in
// turn), its stable values are written by no section, its targets do not
// move with the order, and its operations commute and associate. A
// section whose Lock and Unlock name different mutexes, or which another
// goroutine unlocks, cannot be written in these forms. Switched off with
// the optimization commute (-instr.disable=commute), as commuteStmts
// then decides nothing is commutative.

// mutexSection is a section of a mutex of the file.
type mutexSection struct {
	lock *ast.CallExpr // the call of Lock
	body []ast.Stmt    // the section's statements (none: an empty section)
}

// stmtSpan is the extent of a list of statements, as an ast.Node.
type stmtSpan struct{ from, to token.Pos }

// Pos returns where the first statement begins.
func (s stmtSpan) Pos() token.Pos { return s.from }

// End returns where the last statement ends.
func (s stmtSpan) End() token.Pos { return s.to }

// mutexSections returns the sections of mutexes of the file, found once.
func (f *facts) mutexSections() []mutexSection {
	if f.sections != nil {
		return f.sections
	}
	f.sections = []mutexSection{}
	bodies := map[*ast.BlockStmt]*ast.FuncType{} // function bodies, and their functions' types
	ast.Inspect(f.file, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncDecl:
			if n.Body != nil {
				bodies[n.Body] = n.Type
			}
		case *ast.FuncLit:
			bodies[n.Body] = n.Type
		case *ast.BlockStmt:
			f.blockSections(n.List, bodies[n])
		case *ast.CaseClause:
			f.blockSections(n.Body, nil)
		case *ast.CommClause:
			f.blockSections(n.Body, nil)
		}
		return true
	})
	return f.sections
}

// blockSections adds the sections that begin in list, the statements of a
// block; fn is the type of the function whose body list is, or nil when
// it is none (the defer form needs the rest of a function body).
func (f *facts) blockSections(list []ast.Stmt, fn *ast.FuncType) {
	for i := range list {
		if sec, ok := f.sectionAt(list, i, fn); ok {
			f.sections = append(f.sections, sec)
		}
	}
}

// sectionAt returns the section that list[i] begins, if it is the Lock of
// one.
func (f *facts) sectionAt(list []ast.Stmt, i int, fn *ast.FuncType) (mutexSection, bool) {
	lock, recv, op := f.lockStmt(list[i])
	if lock == nil {
		return mutexSection{}, false
	}
	// The first Unlock of the same mutex in the list.
	for j := i + 1; j < len(list); j++ {
		if f.unlockOf(list[j], recv, op, false) {
			return mutexSection{lock: lock, body: list[i+1 : j]}, true
		}
	}
	// mu.Lock(); defer mu.Unlock(): the rest of a function body.
	if fn == nil || i+1 >= len(list) || !f.unlockOf(list[i+1], recv, op, true) {
		return mutexSection{}, false
	}
	rest := list[i+2:]
	if n := len(rest); n > 0 {
		if r, ok := rest[n-1].(*ast.ReturnStmt); ok && len(r.Results) == 0 {
			if fn.Results != nil && len(fn.Results.List) > 0 {
				return mutexSection{}, false // returns named results
			}
			rest = rest[:n-1]
		}
	}
	return mutexSection{lock: lock, body: rest}, true
}

// lockStmt returns the call, its receiver and its operation when s is the
// expression statement mu.Lock() of a sync.Mutex or sync.RWMutex whose
// receiver names one mutex whatever the section does.
func (f *facts) lockStmt(s ast.Stmt) (*ast.CallExpr, ast.Expr, syncapi.Op) {
	es, ok := s.(*ast.ExprStmt)
	if !ok {
		return nil, nil, 0
	}
	call, ok := ast.Unparen(es.X).(*ast.CallExpr)
	if !ok {
		return nil, nil, 0
	}
	u, ok := f.classify(call)
	if !ok || u.Form != syncapi.Direct || u.Recv == nil || (u.Op != syncapi.MutexLock && u.Op != syncapi.RWMutexLock) {
		return nil, nil, 0
	}
	if !fixedReceiver(u.Recv) {
		return nil, nil, 0
	}
	return call, u.Recv, u.Op
}

// unlockOf reports whether s is recv.Unlock() (as a deferred call when
// deferred) for the Lock operation op.
func (f *facts) unlockOf(s ast.Stmt, recv ast.Expr, op syncapi.Op, deferred bool) bool {
	var call *ast.CallExpr
	if deferred {
		d, ok := s.(*ast.DeferStmt)
		if !ok {
			return false
		}
		call = d.Call
	} else {
		es, ok := s.(*ast.ExprStmt)
		if !ok {
			return false
		}
		call, ok = ast.Unparen(es.X).(*ast.CallExpr)
		if !ok {
			return false
		}
	}
	u, ok := f.classify(call)
	want := syncapi.MutexUnlock
	if op == syncapi.RWMutexLock {
		want = syncapi.RWMutexUnlock
	}
	return ok && u.Op == want && u.Form == syncapi.Direct && u.Recv != nil &&
		types.ExprString(u.Recv) == types.ExprString(recv) && f.sameRoot(u.Recv, recv)
}

// sameRoot reports whether the identifiers at the roots of a and b, two
// receivers written alike, denote the same object.
func (f *facts) sameRoot(a, b ast.Expr) bool {
	ra, rb := rootIdent(a), rootIdent(b)
	return ra != nil && rb != nil && f.info.Uses[ra] != nil && f.info.Uses[ra] == f.info.Uses[rb]
}

// rootIdent returns the identifier at the root of a receiver made of
// identifiers, fields and pointer indirections, or nil.
func rootIdent(x ast.Expr) *ast.Ident {
	switch x := ast.Unparen(x).(type) {
	case *ast.Ident:
		return x
	case *ast.SelectorExpr:
		return rootIdent(x.X)
	case *ast.StarExpr:
		return rootIdent(x.X)
	}
	return nil
}

// fixedReceiver reports whether x is made of identifiers, fields and
// pointer indirections only: the statements of a commutative section,
// which assign only integer places and variables of their own, cannot
// make it name another mutex.
func fixedReceiver(x ast.Expr) bool { return rootIdent(x) != nil }

// sectionClass returns the class of the commutative section that the
// call of Lock begins, or commuteNone, and the key of its inserts for the
// class commuteInsert.
func (f *facts) sectionClass(lock *ast.CallExpr) (int, ast.Expr) {
	if f.sectionClasses == nil {
		f.sectionClasses = map[*ast.CallExpr]sectionClass{}
		for _, sec := range f.mutexSections() {
			var sc sectionClass
			if len(sec.body) > 0 {
				span := stmtSpan{sec.body[0].Pos(), sec.body[len(sec.body)-1].End()}
				sc.class, sc.key = f.commuteStmts(sec.body, span)
			}
			f.sectionClasses[sec.lock] = sc
		}
	}
	sc := f.sectionClasses[lock]
	return sc.class, sc.key
}

// sectionClass is the class of a commutative section, and the key of its
// inserts.
type sectionClass struct {
	class int
	key   ast.Expr
}
