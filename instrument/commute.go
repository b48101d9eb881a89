package instrument

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
)

// Commutative isolated sections. Schedule exploration runs the program once
// per order of its isolated sections that can change the computation graph;
// two sections conflict when they touch a common location and one writes
// it. A section such as
//
//	t.Isolated(func() { count++ })
//
// conflicts with every other like it, so n tasks counting would need n!
// orders, although every order computes the same count and nothing else
// depends on the order. The rewriter therefore marks an Isolated call whose
// body is a commutative update, and rt's explorer treats two sections of
// one class as not conflicting where they update the same bytes (their
// other accesses still conflict as usual: rt/internal/explore, isolog.go).
//
// The rule. A body is a commutative update of class c when it is a list of
// statements each of which is
//
//   - an update x++, x--, x += e or x -= e (class add), or all of them *=,
//     or |=, or &=, or ^= (one class for the whole body), of an integer
//     location x that is not declared in the body and whose place does not
//     move with the order (pureLocation: an identifier, a field of one, an
//     element at a stable index, what a pointer variable points to, every
//     identifier on the path but a bare x one that no Isolated body of the
//     file assigns);
//   - a read that only reads: _ = e (any number of blanks);
//   - a definition v := e of variables of the body;
//   - if [v := e;] e { list } [else ...], with lists of these forms;
//   - for k, v := range r { list }, where r is a stable integer or an owned
//     collection that no section writes (below), with a list of these
//     forms;
//
// with at least one update, where every e is stable: built from constants,
// stable variables, operators and conversions, fields of stable struct
// values, and elements, len and cap of owned collections that no section
// writes, without calls or other memory reads through pointers, indexes or
// fields. A stable variable is a variable of the body (defined by one of
// its := statements or range clauses, the only statements that assign
// one), or a local variable of an enclosing function that no Isolated body
// of the file assigns and whose address the function never takes (neither
// &v nor a method with a pointer receiver called on v): such a variable is
// a task's own value (a loop variable, a parameter, a local computed
// before the section) or a value shared read-only, and no isolated section
// can change it. An owned collection (ownedCollection) is a local array,
// slice or map whose elements only its name reaches: made fresh, and used
// only to index, range over, len, cap, delete or clear (an array may also
// be assigned a copy), so that only statements naming it change its
// elements; it qualifies when no Isolated body or mutex section of the
// file names it as the root of what it assigns, updates, deletes from or
// clears (isoWritten), nor assigns it or takes its address. Its elements
// are then stable values just as a stable variable is: only plain code
// writes them. That covers the common histogram shape, a task counting
// into its own table and adding the table into the shared one:
//
//	t.Isolated(func() {
//		for b, k := range local {
//			h.bins[b] += k
//		}
//	})
//
// Why exploring one order of such sections is enough. Take two sections A
// and B of class c, of different tasks, adjacent in a schedule. (1) Each
// reads the same stable values in either order: a stable variable of the
// body is computed from the others; an outer one, or an element of an
// owned collection, is written by no isolated section (not by name, since
// none assigns it or writes into it; not through a pointer or an alias,
// since its address is never taken and nothing else holds its elements),
// so only plain code writes it, and a plain write in another task
// unordered with the section's read is a race the detector reports in
// every order (the isolated read's hook is kept), while an ordered one is
// the same in every order of the sections. (2) So
// each section computes the same deltas and the same target places (a
// place reads only stable indexes and pointer variables no section
// assigns). (3) Their targets are not stable variables (those are never
// assigned in an Isolated body, and have no address for a pointer target
// to take), so neither section writes what the other reads except the
// targets; and a target is read only by the update of it, whose result
// goes only into it. Branches and loops test stable values only, so each
// section runs the same statements in either order. (4) On a common target
// both apply an operation of class c with their deltas: integer +, *, |,
// &, ^ wrap and are commutative and associative, so x op dA op dB = x op
// dB op dA. Hence
// AB and BA read the same values outside the targets, make the same
// accesses, and leave the same memory: swapping them changes neither the
// computation graph nor what follows. That is the independence that
// partial-order reduction needs of the pair, and rt's explorer grants it
// only to same-class sections on their common bytes (every other common
// byte still orders them). Floating point is not associative and strings
// do not commute, so neither qualifies; a body with a call, or a read of
// shared memory (in a branch's or a loop's header too), does not qualify
// either. The rule is checked against brute force in
// commute_property_test.go: random bodies (with branches, and loops over
// owned, aliased and written collections), and every order of the sections
// of tasks running those the rule accepts. This is the
// optimization commute; switched off (Config.Disable[OptCommute],
// -instr.disable=commute), no body is a commutative update and exploration
// runs every order of conflicting sections.
//
// The sections of a mutex in plain Go (mutexsection.go) are decided by the
// same rule (commuteStmts), where "Isolated body" reads "Isolated body or
// section of a mutex" throughout: a variable that any of them assigns is
// not stable, and a section runs as a unit against the others of its
// mutex as an Isolated body does against the other Isolated bodies.

// Classes of commutative updates, as rt.SiteInfo.Commute values.
const (
	commuteNone = iota
	commuteAdd  // ++, --, +=, -=
	commuteMul  // *=
	commuteOr   // |=
	commuteAnd  // &=
	commuteXor  // ^=
	// commuteInsert is the class of the sections of a mutex that insert
	// into maps under one key (below); Isolated bodies have no such
	// class.
	commuteInsert
)

// commuteClass returns the class of the commutative update that the body
// of an Isolated call is, or commuteNone. Inserts into maps under one key
// (commuteInsert) are a class of mutex sections only: the explorer of
// isolated sections does not compare their keys.
func (f *facts) commuteClass(body ast.Expr) int {
	lit, ok := ast.Unparen(body).(*ast.FuncLit)
	if !ok {
		return commuteNone
	}
	class, _ := f.commuteStmts(lit.Body.List, lit)
	if class == commuteInsert {
		return commuteNone
	}
	return class
}

// commuteStmts returns the class of the commutative update that the
// statements list, which make up the node span (the function literal of an
// Isolated body, or the statements of a mutex section: mutexsection.go),
// are, or commuteNone, and for the class commuteInsert the key expression
// of its inserts. It is the rule above, for both.
func (f *facts) commuteStmts(list []ast.Stmt, span ast.Node) (int, ast.Expr) {
	if len(list) == 0 || f.disable[OptCommute] {
		return commuteNone, nil
	}
	c := &commuteCheck{f: f, span: span, addr: f.addressTaken(span)}
	class := commuteNone
	if !c.list(list, &class) {
		return commuteNone, nil
	}
	return class, c.key
}

// list reports whether the statements list are of the rule's forms, with
// the updates of class *class (set by the first update; commuteNone before
// it).
func (c *commuteCheck) list(list []ast.Stmt, class *int) bool {
	for _, s := range list {
		if !c.stmt(s, class) {
			return false
		}
	}
	return true
}

// stmt reports whether s is of one of the rule's forms (see list).
func (c *commuteCheck) stmt(s ast.Stmt, class *int) bool {
	var k int
	var lhs, rhs ast.Expr
	switch s := s.(type) {
	case *ast.IncDecStmt:
		k, lhs = commuteAdd, s.X
	case *ast.AssignStmt:
		switch s.Tok {
		case token.ADD_ASSIGN, token.SUB_ASSIGN:
			k = commuteAdd
		case token.MUL_ASSIGN:
			k = commuteMul
		case token.OR_ASSIGN:
			k = commuteOr
		case token.AND_ASSIGN:
			k = commuteAnd
		case token.XOR_ASSIGN:
			k = commuteXor
		case token.DEFINE, token.ASSIGN:
			if ok, isInsert := c.insert(s, class); isInsert {
				return ok
			}
			return c.readOnly(s)
		default:
			return false
		}
		if len(s.Lhs) != 1 || len(s.Rhs) != 1 {
			return false
		}
		lhs, rhs = s.Lhs[0], s.Rhs[0]
	case *ast.BlockStmt:
		return c.list(s.List, class)
	case *ast.EmptyStmt:
		return true
	case *ast.IfStmt:
		if s.Init != nil {
			if a, ok := s.Init.(*ast.AssignStmt); !ok || a.Tok != token.DEFINE || !c.readOnly(a) {
				return false
			}
		}
		if !c.stable(s.Cond) || !c.list(s.Body.List, class) {
			return false
		}
		return s.Else == nil || c.stmt(s.Else, class)
	case *ast.RangeStmt:
		if s.Tok == token.ASSIGN || !c.stableRange(s.X) {
			return false
		}
		return c.list(s.Body.List, class)
	default:
		return false
	}
	if *class != commuteNone && k != *class {
		return false
	}
	*class = k
	return c.f.integer(lhs) && c.pureLocation(lhs) && !c.inBody(lhs) && (rhs == nil || c.stable(rhs))
}

// commuteCheck is what commuteClass knows of the body it decides.
type commuteCheck struct {
	f    *facts
	span ast.Node            // the body: what its own variables are declared in
	addr map[*types.Var]bool // locals whose address the enclosing function takes
	key  ast.Expr            // the key of the body's inserts (commuteInsert), once one is seen
}

// Inserts into maps. A section of a mutex whose statements are, besides
// the read-only forms of the rule, map assignments m[k] = e, all under one
// key expression k, is of the class commuteInsert when m is a place that
// does not move with the order (fixedPath: every identifier on it one that
// no section assigns), e is stable, and k can be evaluated before the
// Lock to the value the assignments use (preKey): a constant, a stable
// variable declared outside the section, or a field of a struct value of
// one, whose type is the map's key type (or the map's key type is an
// interface, which holds the value as it is). The rewriter passes k's
// value to the Lock (rt.MutexLockInsert), and rt's executor orders two
// such sections, and explores their orders, only when their keys are
// equal (rt/internal/goexec, section.go): under different keys, (1) and
// (2) above hold as they do for updates, and (3) and (4) become: each
// section assigns its own entries of each map, which the other neither
// reads nor writes, and the maps after both hold both sections' entries in
// either order. The class is one of mutex sections only (commuteClass).
// A body that mixes inserts and updates has no class.

// insert decides s when it is a map assignment m[k] = e (isInsert), by
// the rule of inserts, recording k as the body's key.
func (c *commuteCheck) insert(s *ast.AssignStmt, class *int) (ok, isInsert bool) {
	if s.Tok != token.ASSIGN || len(s.Lhs) != 1 || len(s.Rhs) != 1 {
		return false, false
	}
	ix, isIndex := ast.Unparen(s.Lhs[0]).(*ast.IndexExpr)
	if !isIndex {
		return false, false
	}
	t := c.f.info.TypeOf(ix.X)
	if t == nil {
		return false, false
	}
	mt, isMap := t.Underlying().(*types.Map)
	if !isMap {
		return false, false
	}
	if *class != commuteNone && *class != commuteInsert {
		return false, true
	}
	*class = commuteInsert
	if root := rootIdent(ix.X); root == nil || c.inBody(root) || !c.fixedPath(ix.X) || !c.stable(s.Rhs[0]) || !c.preKey(ix.Index, mt.Key()) {
		return false, true
	}
	if c.key == nil {
		c.key = ix.Index
		return true, true
	}
	return c.sameKey(c.key, ix.Index), true
}

// preKey reports whether k, the key of an insert into a map whose key type
// is kt, has the same value before the section as in it, and passes to
// the Lock as the map will hold it: a constant, a stable variable declared
// outside the body, or a field of a struct value of one (none of which
// reads through a pointer or can panic), of kt's type or of any type when
// kt is an interface.
func (c *commuteCheck) preKey(k ast.Expr, kt types.Type) bool {
	tv, ok := c.f.info.Types[k]
	if !ok {
		return false
	}
	if !types.IsInterface(kt) && !types.Identical(types.Default(tv.Type), kt) {
		return false
	}
	if tv.Value != nil {
		return true
	}
	var outer func(x ast.Expr) bool
	outer = func(x ast.Expr) bool {
		switch x := ast.Unparen(x).(type) {
		case *ast.Ident:
			return !c.inBody(x) && c.stableVar(x)
		case *ast.SelectorExpr:
			sel, ok := c.f.info.Selections[x]
			return ok && sel.Kind() == types.FieldVal && !sel.Indirect() && outer(x.X)
		}
		return false
	}
	return outer(k)
}

// sameKey reports whether two keys that preKey accepts are the same
// expression: equal constants, or the same path from the same variable.
func (c *commuteCheck) sameKey(a, b ast.Expr) bool {
	ta, tb := c.f.info.Types[a], c.f.info.Types[b]
	if ta.Value != nil || tb.Value != nil {
		return ta.Value != nil && tb.Value != nil && types.Identical(ta.Type, tb.Type) && constant.Compare(ta.Value, token.EQL, tb.Value)
	}
	return types.ExprString(a) == types.ExprString(b) && c.f.sameRoot(a, b)
}

// readOnly reports whether s, a = or := statement, only reads: _ = e, or
// v := e defining variables of the body, with e stable.
func (c *commuteCheck) readOnly(s *ast.AssignStmt) bool {
	if len(s.Lhs) != len(s.Rhs) {
		return false
	}
	for i, l := range s.Lhs {
		id, ok := ast.Unparen(l).(*ast.Ident)
		if !ok {
			return false
		}
		if id.Name != "_" {
			if s.Tok != token.DEFINE {
				return false
			}
			if _, ok := c.f.info.Defs[id].(*types.Var); !ok {
				return false // a variable redeclared by :=: assigned, not defined
			}
		}
		if !c.stable(s.Rhs[i]) {
			return false
		}
	}
	return true
}

// inBody reports whether x is a variable declared in the body.
func (c *commuteCheck) inBody(x ast.Expr) bool {
	id, ok := ast.Unparen(x).(*ast.Ident)
	if !ok {
		return false
	}
	v, ok := c.f.info.Uses[id].(*types.Var)
	return ok && v.Pos() >= c.span.Pos() && v.Pos() < c.span.End()
}

// stable reports whether e is a stable expression: constants and stable
// variables combined by operators and conversions.
func (c *commuteCheck) stable(e ast.Expr) bool {
	if tv, ok := c.f.info.Types[e]; ok && tv.Value != nil {
		return true
	}
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		return c.stableVar(e)
	case *ast.UnaryExpr:
		switch e.Op {
		case token.ADD, token.SUB, token.XOR, token.NOT:
			return c.stable(e.X)
		}
	case *ast.BinaryExpr:
		return c.stable(e.X) && c.stable(e.Y)
	case *ast.CallExpr:
		if tv, ok := c.f.info.Types[e.Fun]; ok && tv.IsType() && len(e.Args) == 1 {
			_, basic := tv.Type.Underlying().(*types.Basic)
			return basic && c.stable(e.Args[0])
		}
		if id, ok := ast.Unparen(e.Fun).(*ast.Ident); ok && len(e.Args) == 1 {
			if b, ok := c.f.info.Uses[id].(*types.Builtin); ok && (b.Name() == "len" || b.Name() == "cap") {
				return c.ownedRead(e.Args[0])
			}
		}
	case *ast.IndexExpr:
		return c.ownedRead(e.X) && c.stable(e.Index)
	case *ast.SelectorExpr:
		// A field of a struct value (not through a pointer).
		sel, ok := c.f.info.Selections[e]
		if !ok || sel.Kind() != types.FieldVal || sel.Indirect() {
			return false
		}
		return c.stable(e.X)
	}
	return false
}

// stableRange reports whether a range over x reads only stable values: x
// is a stable integer (range over an int) or an owned collection that no
// section writes (ownedRead).
func (c *commuteCheck) stableRange(x ast.Expr) bool {
	if c.f.integer(x) {
		return c.stable(x)
	}
	return c.ownedRead(x)
}

// ownedRead reports whether x is a variable whose elements a section may
// read as stable values: an owned collection (ownedCollection) that no
// Isolated body or mutex section of the file writes into, assigns, or
// takes the address of.
func (c *commuteCheck) ownedRead(x ast.Expr) bool {
	id, ok := ast.Unparen(x).(*ast.Ident)
	if !ok {
		return false
	}
	v, ok := c.f.info.Uses[id].(*types.Var)
	if !ok || c.f.isoAssigned()[v] || c.f.isoWritten()[v] || c.addr[v] {
		return false
	}
	return c.f.ownedCollection(v)
}

// stableVar reports whether id is a stable variable: one of the body
// (defined by its := statements, the only statements that assign one), or
// a local variable of an enclosing function that no Isolated body of the
// file assigns and whose address is never taken.
func (c *commuteCheck) stableVar(id *ast.Ident) bool {
	v, ok := c.f.info.Uses[id].(*types.Var)
	if !ok || v.Parent() == nil || v.Parent() == v.Pkg().Scope() || v.IsField() {
		return false // not a local variable
	}
	if v.Pos() >= c.span.Pos() && v.Pos() < c.span.End() {
		return true
	}
	return !c.f.isoAssigned()[v] && !c.addr[v]
}

// pureLocation reports whether x names one location, the same whatever
// order isolated sections run in: an identifier, a field of one, an element
// at a constant or identifier index, or what a pointer variable points to,
// where every identifier but a bare x itself is one no Isolated body of the
// file assigns (so the location does not move with the order), and an
// integer identifier (an index) has no address taken either.
func (c *commuteCheck) pureLocation(x ast.Expr) bool {
	if _, ok := ast.Unparen(x).(*ast.Ident); ok {
		return true
	}
	return c.fixedPath(x)
}

func (c *commuteCheck) fixedPath(x ast.Expr) bool {
	f := c.f
	switch x := ast.Unparen(x).(type) {
	case *ast.Ident:
		v, ok := f.info.Uses[x].(*types.Var)
		return ok && !f.isoAssigned()[v] && !(f.integer(x) && c.addr[v])
	case *ast.SelectorExpr:
		if _, ok := f.info.Selections[x]; !ok {
			return false // a qualified identifier of another package
		}
		return c.fixedPath(x.X)
	case *ast.IndexExpr:
		// The index is a constant or stable: a global index could be
		// updated by a section of the same class in another file.
		return c.stable(x.Index) && c.fixedPath(x.X)
	case *ast.StarExpr:
		return c.fixedPath(x.X)
	}
	return false
}

// ownedCollection reports whether v is a local array, slice or map
// variable whose elements only v's name reaches: a slice or map is made
// fresh by its definition (make, a composite literal, or no value), and
// every use of v in its function (closures included) is v[i], range v,
// len(v), cap(v), delete(v, k) or clear(v), or, for an array, an
// assignment of a whole value to v (a copy). Such a collection is never
// copied as a header, passed, sliced or returned, so no other variable
// aliases its elements, and only statements that name v change them.
// (The address of an array is taken by &v or a method call; commuteCheck
// excludes those with addr.)
func (f *facts) ownedCollection(v *types.Var) bool {
	if v.Parent() == nil || v.Parent() == v.Pkg().Scope() || v.IsField() {
		return false
	}
	var array bool
	switch v.Type().Underlying().(type) {
	case *types.Array:
		array = true
	case *types.Slice, *types.Map:
	default:
		return false
	}
	outer := f.topDecl(v.Pos())
	if outer == nil {
		return false
	}
	ok := true
	var def bool // v's definition was seen
	var stack []ast.Node
	ast.Inspect(outer, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return false
		}
		defer func() { stack = append(stack, n) }()
		id, isID := n.(*ast.Ident)
		if !isID || !ok {
			return ok
		}
		if f.info.Defs[id] == v {
			def = true
			if !array && !freshValue(f.info, stack, id) {
				ok = false
			}
			return true
		}
		if f.info.Uses[id] != v {
			return true
		}
		if !ownedUse(f.info, stack, id, array) {
			ok = false
		}
		return true
	})
	return ok && def
}

// topDecl returns the declaration of the file that contains pos, or nil.
func (f *facts) topDecl(pos token.Pos) ast.Decl {
	for _, d := range f.file.Decls {
		if d.Pos() <= pos && pos < d.End() {
			return d
		}
	}
	return nil
}

// freshValue reports whether the definition id (of a slice or map), whose
// ancestors are stack, gives it a new value: make(...), a composite
// literal, or no value.
func freshValue(info *types.Info, stack []ast.Node, id *ast.Ident) bool {
	var rhs ast.Expr
	switch p := stack[len(stack)-1].(type) {
	case *ast.ValueSpec:
		if len(p.Values) == 0 {
			return true
		}
		if len(p.Values) != len(p.Names) {
			return false
		}
		for i, n := range p.Names {
			if n == id {
				rhs = p.Values[i]
			}
		}
	case *ast.AssignStmt:
		if len(p.Lhs) != len(p.Rhs) {
			return false
		}
		for i, l := range p.Lhs {
			if l == id {
				rhs = p.Rhs[i]
			}
		}
	}
	switch r := ast.Unparen(rhs).(type) {
	case *ast.CompositeLit:
		return true
	case *ast.CallExpr:
		id, ok := ast.Unparen(r.Fun).(*ast.Ident)
		if !ok {
			return false
		}
		b, ok := info.Uses[id].(*types.Builtin)
		return ok && b.Name() == "make"
	}
	return false
}

// ownedUse reports whether the use id of an owned collection (see
// ownedCollection), whose ancestors are stack, is one of the uses that
// keep it owned.
func ownedUse(info *types.Info, stack []ast.Node, id *ast.Ident, array bool) bool {
	switch p := stack[len(stack)-1].(type) {
	case *ast.IndexExpr:
		return p.X == id
	case *ast.RangeStmt:
		return p.X == id
	case *ast.CallExpr:
		fn, ok := ast.Unparen(p.Fun).(*ast.Ident)
		if !ok || len(p.Args) == 0 || p.Args[0] != id {
			return false
		}
		b, ok := info.Uses[fn].(*types.Builtin)
		if !ok {
			return false
		}
		switch b.Name() {
		case "len", "cap", "clear":
			return true
		case "delete":
			return true
		}
	case *ast.AssignStmt:
		if !array || p.Tok != token.ASSIGN {
			return false
		}
		for _, l := range p.Lhs {
			if l == id {
				return true // a copy into the array
			}
		}
	}
	return false
}

// integer reports whether x has an integer type.
func (f *facts) integer(x ast.Expr) bool {
	tv, ok := f.info.Types[x]
	if !ok {
		return false
	}
	b, ok := tv.Type.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsInteger != 0
}

// addressTaken returns the variables whose address the top-level function
// around n takes: operands of &, and receivers of methods with a pointer
// receiver called or taken as values on an addressable variable. A local
// variable is visible only inside its top-level function, so no other
// code can take its address.
func (f *facts) addressTaken(n ast.Node) map[*types.Var]bool {
	addr := map[*types.Var]bool{}
	var outer ast.Node
	for _, d := range f.file.Decls {
		if d.Pos() <= n.Pos() && n.End() <= d.End() {
			outer = d
		}
	}
	if outer == nil {
		return addr
	}
	mark := func(x ast.Expr) {
		if id, ok := ast.Unparen(x).(*ast.Ident); ok {
			if v, ok := f.info.Uses[id].(*types.Var); ok {
				addr[v] = true
			}
		}
	}
	ast.Inspect(outer, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.UnaryExpr:
			if n.Op == token.AND {
				mark(n.X)
			}
		case *ast.SelectorExpr:
			if sel, ok := f.info.Selections[n]; ok && sel.Kind() == types.MethodVal {
				if sig, ok := sel.Obj().Type().(*types.Signature); ok && sig.Recv() != nil {
					if _, ptr := sig.Recv().Type().(*types.Pointer); ptr {
						mark(n.X)
					}
				}
			}
		}
		return true
	})
	return addr
}

// isoAssigned returns the variables assigned inside the bodies of Isolated
// calls of the file, and inside its mutex sections (mutexsection.go: any
// section, commutative or not), or whose address they take.
func (f *facts) isoAssigned() map[*types.Var]bool {
	f.isoScan()
	return f.isoVars
}

// isoWritten returns the variables whose elements the Isolated bodies and
// mutex sections of the file write: the variable at the root of an
// assignment's or an update's target path (v[i], v.f, v[i].f...), of an
// address taken, and the collection of delete and clear.
func (f *facts) isoWritten() map[*types.Var]bool {
	f.isoScan()
	return f.isoElems
}

// isoScan computes isoVars and isoElems, once, from the Isolated bodies
// and the mutex sections of the file.
func (f *facts) isoScan() {
	if f.isoVars != nil {
		return
	}
	f.isoVars, f.isoElems = map[*types.Var]bool{}, map[*types.Var]bool{}
	ast.Inspect(f.file, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok {
			if body := f.isolatedBody(call); body != nil {
				f.markTargets(body)
			}
		}
		return true
	})
	for _, sec := range f.mutexSections() {
		for _, s := range sec.body {
			f.markTargets(s)
		}
	}
}

// markTargets adds to isoVars the variables that n assigns (by name, in
// an assignment, an update or a range clause with =) or whose address it
// takes, and to isoElems the variables at the root of each of those
// targets and of the collections n deletes from or clears.
func (f *facts) markTargets(n ast.Node) {
	ast.Inspect(n, func(n ast.Node) bool {
		var targets []ast.Expr
		switch s := n.(type) {
		case *ast.AssignStmt:
			targets = s.Lhs
		case *ast.IncDecStmt:
			targets = []ast.Expr{s.X}
		case *ast.RangeStmt:
			targets = []ast.Expr{s.Key, s.Value}
		case *ast.UnaryExpr:
			if s.Op == token.AND {
				targets = []ast.Expr{s.X} // its address may be written through
			}
		case *ast.CallExpr:
			if id, ok := ast.Unparen(s.Fun).(*ast.Ident); ok && len(s.Args) > 0 {
				if b, ok := f.info.Uses[id].(*types.Builtin); ok && (b.Name() == "delete" || b.Name() == "clear") {
					if v := rootVar(f.info, s.Args[0]); v != nil {
						f.isoElems[v] = true
					}
				}
			}
		}
		for _, t := range targets {
			if t == nil {
				continue
			}
			if id, ok := ast.Unparen(t).(*ast.Ident); ok {
				if v, ok := f.info.Uses[id].(*types.Var); ok {
					f.isoVars[v] = true
				}
			}
			if v := rootVar(f.info, t); v != nil {
				f.isoElems[v] = true
			}
		}
		return true
	})
}

// rootVar returns the variable at the root of the path x (an identifier,
// selected, indexed, sliced or dereferenced), or nil.
func rootVar(info *types.Info, x ast.Expr) *types.Var {
	for x != nil {
		switch e := ast.Unparen(x).(type) {
		case *ast.Ident:
			v, _ := info.Uses[e].(*types.Var)
			return v
		case *ast.SelectorExpr:
			x = e.X
		case *ast.IndexExpr:
			x = e.X
		case *ast.SliceExpr:
			x = e.X
		case *ast.StarExpr:
			x = e.X
		default:
			return nil
		}
	}
	return nil
}
