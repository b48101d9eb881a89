package instrument

import (
	"go/ast"
	"go/token"
	"go/types"
)

// form says how a hook names the location it records.
type form int

const (
	formAddr  form = iota // Read/Write(&loc): an addressable location
	formPtr               // Read/Write(p) for *p
	formMap               // ReadMap/WriteMap(m): the map as one location
	formSlice             // ReadSlice/WriteSlice(s): every element of s
	formSpan              // Read/WriteSlice of part of a slice (append, copy)
)

// acc is one memory access found in an expression.
type acc struct {
	pos   token.Pos // where the access is in the original source
	write bool
	form  form
	loc   ast.Expr // the location (formAddr), pointer (formPtr), map, or slice
	shown ast.Node // the expression named in the site

	// For formSpan: the written or read part is loc[lo:cap] (append) or
	// loc (copy), limited to the length given by count.
	spanTail bool     // take loc[len(loc):cap(loc)] (append's written part)
	count    ast.Expr // the length expression: len(count) when countLen
	countLen bool
	countLit int // a constant count when count is nil
	// countScale multiplies len(count) when it is more than 1; minLen,
	// when positive, is a length below which the call panics before any
	// access, and the hook is guarded by len(loc) >= minLen
	// (stdeffects.go, prefixes).
	countScale, minLen int
	// countText, when set, renders the count instead (a computed count of
	// stdeffects.go); with countWhole the hook is guarded by len(loc) >=
	// the count. tailEach: the span is of an Append function that appends
	// one element at a time, which writes in place every element that fits
	// loc's capacity (without it, a spanTail access is all or nothing).
	countText  func(rd *renderer) (string, bool)
	countWhole bool
	tailEach   bool
	afterTask  bool
	// custom renders the hook call of a formCustom access, with
	// sitePlaceholder for its site, adding its guards to rd.
	custom func(rd *renderer) (string, bool)
	// embedded is, for the read of an embedded field on the way to a
	// promoted field or method (promoted.go), the field path from loc:
	// it gives the hook the key of the explicit path (keys.go).
	embedded []int
	// keepPre keeps the hook before the statement when the statement's
	// other hooks go after it (syncorder.go).
	keepPre bool

	// Guards that loop optimizations put on the hook: fallback is a flag
	// whose hook runs only when it is false (sliceloop.go), once a flag
	// that the hook runs only while it is true, and clears (invariant.go).
	fallback string
	once     string
	// frontier: the hook, behind !fallback, also runs when fallback
	// holds and the range hooks do not hold the element (computed.go).
	frontier *frontier
}

// group is a set of accesses that are hooked together: the accesses of a
// statement (cond == nil), or those of a boolean expression that is only
// evaluated sometimes or more than once and gets its hooks in a function
// literal in front of it.
type group struct {
	cond ast.Expr
	accs []*acc
}

// collector gathers the accesses of the expressions of one statement.
type collector struct {
	r        *fileRewriter
	main     *group
	cur      *group   // the group accesses go to
	groups   []*group // trick groups, innermost after outermost
	lits     []*ast.FuncLit
	taskEnds []token.Pos // ends of the task-library calls met
	syncEnds []token.Pos // ends of other calls and receives (syncorder.go)
	noAt     bool        // in a go or defer statement: no At wrapping
	// dry: only look. The accesses are collected to be examined, not
	// hooked: nothing is counted, and no site or edit is made.
	dry bool
	// lhsPost are the accesses of an assignment's left operands that Go
	// makes after its synchronising right-hand side (syncassign.go).
	lhsPost map[*acc]bool
}

func newCollector(r *fileRewriter) *collector {
	g := &group{}
	return &collector{r: r, main: g, cur: g}
}

func (c *collector) add(a *acc) {
	if a.write && c.r.emitter != nil && c.r.flags != nil {
		c.r.flags.markAccess(a) // before anything prunes it (fields.go)
	}
	if a.form == formAddr && zeroSize(c.r.info.TypeOf(a.loc)) {
		// A variable of zero size, such as binary.BigEndian, holds no
		// byte that two accesses could race on (the detector drops
		// such accesses too): no hook.
		return
	}
	for _, end := range c.taskEnds {
		if a.pos >= end {
			a.afterTask = true
		}
	}
	if a.shown == nil {
		a.shown = a.loc
	}
	c.cur.accs = append(c.cur.accs, a)
}

// varOf returns the variable that e names, if e is an identifier or a
// qualified identifier denoting a variable (not a field).
func (c *collector) varOf(e ast.Expr) *types.Var {
	var id *ast.Ident
	switch x := e.(type) {
	case *ast.Ident:
		id = x
	case *ast.SelectorExpr:
		if pn, ok := c.r.info.Uses[identOf(x.X)].(*types.PkgName); !ok || pn == nil {
			return nil
		}
		id = x.Sel
	default:
		return nil
	}
	v, ok := c.r.info.Uses[id].(*types.Var)
	if !ok || v.IsField() {
		return nil
	}
	return v
}

// identOf returns e as an identifier, or nil.
func identOf(e ast.Expr) *ast.Ident {
	id, _ := e.(*ast.Ident)
	return id
}

// isConst reports whether e is a constant or a type expression: it is not
// evaluated at run time.
func (c *collector) isStatic(e ast.Expr) bool {
	tv, ok := c.r.info.Types[e]
	return ok && (tv.Value != nil || tv.IsType() || tv.IsBuiltin())
}

func (c *collector) addressable(e ast.Expr) bool {
	tv, ok := c.r.info.Types[e]
	return ok && tv.Addressable()
}

func (c *collector) under(e ast.Expr) types.Type {
	t := c.r.info.TypeOf(e)
	if t == nil {
		return nil
	}
	return coreType(t)
}

func (c *collector) isPointer(e ast.Expr) bool {
	_, ok := c.under(e).(*types.Pointer)
	return ok
}

// locShared reports whether the addressable expression x may denote memory
// that another task reaches.
func (c *collector) locShared(x ast.Expr) bool {
	switch y := x.(type) {
	case *ast.ParenExpr:
		return c.locShared(y.X)
	case *ast.Ident:
		return c.r.facts.esc.reachable(c.varOf(y))
	case *ast.SelectorExpr:
		if v := c.varOf(y); v != nil {
			return c.r.facts.esc.reachable(v)
		}
		s := c.r.info.Selections[y]
		if s == nil || s.Kind() != types.FieldVal {
			return true
		}
		if s.Indirect() || c.isPointer(y.X) {
			return true
		}
		return c.locShared(y.X)
	case *ast.IndexExpr:
		if isArray(c.r.info.TypeOf(y.X)) {
			return c.locShared(y.X)
		}
		return true
	case *ast.CompositeLit:
		return false
	}
	return true
}

// read collects the accesses made by evaluating e as a value.
func (c *collector) read(e ast.Expr) { c.expr(e, false, true) }

// write collects the accesses made by assigning to e.
func (c *collector) write(e ast.Expr) { c.expr(e, true, false) }

// readWrite collects the accesses of x op= y and x++: e is read then
// written, and its operands are evaluated once.
func (c *collector) readWrite(e ast.Expr) { c.expr(e, true, true) }

// expr collects the accesses of e used as a location that is read, written
// or both, or evaluated as a value (rd only).
func (c *collector) expr(e ast.Expr, wr, rd bool) {
	if e == nil || c.isStatic(e) {
		return
	}
	switch x := e.(type) {
	case *ast.Ident:
		if v := c.varOf(x); v != nil && c.r.facts.esc.reachable(v) {
			c.loc(x, formAddr, wr, rd)
		}
	case *ast.ParenExpr:
		c.expr(x.X, wr, rd)
	case *ast.SelectorExpr:
		if v := c.varOf(x); v != nil {
			if c.r.facts.esc.reachable(v) {
				c.loc(x, formAddr, wr, rd)
			}
			return
		}
		s := c.r.info.Selections[x]
		if s == nil {
			return // a qualified function, constant or type
		}
		switch s.Kind() {
		case types.FieldVal:
			c.field(x, s, wr, rd)
		case types.MethodVal:
			c.methodRecv(x, s)
		}
	case *ast.IndexExpr:
		c.index(x, wr, rd)
	case *ast.IndexListExpr:
		// An instantiated generic function: nothing is evaluated.
	case *ast.SliceExpr:
		if isArray(c.r.info.TypeOf(x.X)) && c.addressable(x.X) {
			c.base(x.X)
		} else {
			c.read(x.X)
		}
		c.read(x.Low)
		c.read(x.High)
		c.read(x.Max)
	case *ast.StarExpr:
		c.read(x.X)
		c.loc2(x, x.X, formPtr, wr, rd)
	case *ast.UnaryExpr:
		if x.Op == token.AND {
			c.base(x.X)
		} else {
			c.read(x.X)
		}
		if x.Op == token.ARROW {
			c.noteSync(x)
		}
	case *ast.BinaryExpr:
		c.read(x.X)
		if x.Op == token.LAND || x.Op == token.LOR {
			c.conditional(x, x.Y)
		} else {
			c.read(x.Y)
		}
	case *ast.CallExpr:
		c.call(x)
	case *ast.CompositeLit:
		_, isStruct := c.under(x).(*types.Struct)
		for _, el := range x.Elts {
			if kv, ok := el.(*ast.KeyValueExpr); ok {
				if !isStruct {
					c.read(kv.Key)
				}
				c.read(kv.Value)
			} else {
				c.read(el)
			}
		}
	case *ast.FuncLit:
		c.lits = append(c.lits, x)
	case *ast.TypeAssertExpr:
		c.read(x.X)
	case *ast.KeyValueExpr:
		c.read(x.Key)
		c.read(x.Value)
	}
}

// loc adds the accesses of location e.
func (c *collector) loc(e ast.Expr, f form, wr, rd bool) { c.loc2(e, e, f, wr, rd) }

// loc2 adds the accesses of the location shown as e and hooked through
// arg (e itself, or the pointer of *p, or the map of m[k]).
func (c *collector) loc2(e, arg ast.Expr, f form, wr, rd bool) {
	if rd {
		c.add(&acc{pos: e.Pos(), form: f, loc: arg, shown: e})
	}
	if wr {
		c.add(&acc{pos: e.Pos(), write: true, form: f, loc: arg, shown: e})
	}
}

// field collects x.f (a field selection).
func (c *collector) field(x *ast.SelectorExpr, s *types.Selection, wr, rd bool) {
	ptr := c.isPointer(x.X)
	switch {
	case ptr:
		c.read(x.X)
	case c.addressable(x.X):
		c.base(x.X)
	default:
		c.read(x.X)
	}
	c.embeddedReads(x, s, false)
	if !ptr && !s.Indirect() && !c.addressable(x.X) {
		return // a field of a temporary value: no memory location
	}
	if s.Indirect() || ptr || c.locShared(x.X) {
		c.loc(x, formAddr, wr, rd)
	}
}

// methodRecv collects the evaluation of the receiver of the method value
// x.M (called or not).
func (c *collector) methodRecv(x *ast.SelectorExpr, s *types.Selection) {
	if _, isIface := c.under(x.X).(*types.Interface); isIface {
		c.read(x.X)
		return
	}
	fn, _ := s.Obj().(*types.Func)
	ptrRecv := false
	if fn != nil {
		if sig, ok := fn.Type().(*types.Signature); ok && sig.Recv() != nil {
			_, ptrRecv = sig.Recv().Type().Underlying().(*types.Pointer)
		}
	}
	ptr := c.isPointer(x.X)
	if ptrRecv || len(s.Index()) > 1 {
		// The receiver is a pointer (to x, or to or through an embedded
		// field): no copy of the receiver is made here.
		if ptr || !c.addressable(x.X) {
			c.read(x.X)
		} else {
			c.base(x.X)
		}
		c.embeddedReads(x, s, !ptrRecv)
		return
	}
	// A value receiver: the receiver value is read (copied).
	if ptr {
		c.read(x.X)
		c.loc2(x.X, x.X, formPtr, false, true)
		return
	}
	c.read(x.X)
}

// index collects x[i].
func (c *collector) index(x *ast.IndexExpr, wr, rd bool) {
	if _, isSig := c.r.info.TypeOf(x.X).(*types.Signature); isSig {
		return // an instantiated generic function
	}
	switch t := c.under(x.X).(type) {
	case *types.Map:
		c.read(x.X)
		c.read(x.Index)
		c.loc2(x, x.X, formMap, wr, rd)
	case *types.Slice, *types.Pointer:
		c.read(x.X)
		c.read(x.Index)
		c.loc(x, formAddr, wr, rd)
	case *types.Array:
		if !c.addressable(x.X) {
			c.read(x.X)
			c.read(x.Index)
			return
		}
		c.base(x.X)
		c.read(x.Index)
		if c.locShared(x.X) {
			c.loc(x, formAddr, wr, rd)
		}
	default:
		_ = t
		c.read(x.X)
		c.read(x.Index)
	}
}

// base collects the evaluation of the operands of an addressable
// expression whose part is accessed or whose address is taken, without an
// access to the whole of it.
func (c *collector) base(e ast.Expr) {
	if c.isStatic(e) {
		return
	}
	switch x := e.(type) {
	case *ast.Ident:
	case *ast.ParenExpr:
		c.base(x.X)
	case *ast.SelectorExpr:
		if c.varOf(x) != nil {
			return
		}
		s := c.r.info.Selections[x]
		if s == nil || s.Kind() != types.FieldVal {
			c.read(x)
			return
		}
		if c.isPointer(x.X) || !c.addressable(x.X) {
			c.read(x.X)
		} else {
			c.base(x.X)
		}
	case *ast.IndexExpr:
		switch c.under(x.X).(type) {
		case *types.Array:
			if c.addressable(x.X) {
				c.base(x.X)
			} else {
				c.read(x.X)
			}
		default:
			c.read(x.X)
		}
		c.read(x.Index)
	case *ast.StarExpr:
		c.read(x.X)
	default:
		c.read(e)
	}
}

// conditional collects y, the right operand of && or || in bin: it is
// evaluated only sometimes, so its accesses form a group of their own whose
// hooks run just before y.
func (c *collector) conditional(bin *ast.BinaryExpr, y ast.Expr) {
	g := &group{cond: y}
	outer := c.cur
	c.cur = g
	c.read(y)
	c.cur = outer
	if len(g.accs) == 0 {
		return
	}
	if !c.r.plainBool(bin) {
		for range g.accs {
			if !c.dry {
				c.r.skipAccess("operand of && or || of a named boolean type")
			}
		}
		return
	}
	c.groups = append(c.groups, g)
}

// plainBool reports whether e has type bool or untyped bool, so that it
// may be rewritten as `func() bool {…}() && bool(e)`.
func (r *fileRewriter) plainBool(e ast.Expr) bool {
	t := r.info.TypeOf(e)
	b, ok := t.(*types.Basic)
	return ok && (b.Kind() == types.Bool || b.Kind() == types.UntypedBool)
}

// zeroSize reports whether values of type t occupy no memory: empty structs
// and arrays, and structs and arrays of them.
func zeroSize(t types.Type) bool {
	switch u := t.(type) {
	case nil:
		return false
	case *types.Named, *types.Alias:
		return zeroSize(t.Underlying())
	case *types.Struct:
		for f := range u.Fields() {
			if !zeroSize(f.Type()) {
				return false
			}
		}
		return true
	case *types.Array:
		return u.Len() == 0 || zeroSize(u.Elem())
	}
	return false
}
