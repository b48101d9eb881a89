package pst

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"github.com/tpinstr/tpinstr/internal/syncapi"
)

// census is what the builder needs to know about the local variables of one
// function before building its tree: which are written after their
// declaration, whose address is taken, which hold a function literal that can
// be resolved at its uses, and which hold a future handle.
type census struct {
	info *types.Info
	// writes counts the stores to a variable other than its declaration.
	writes map[*types.Var]int
	// addr marks variables whose address is taken (explicitly or by a
	// pointer-receiver method call or by slicing an array).
	addr map[*types.Var]bool
	// resolvable maps a variable to the function literal it is declared
	// with, when the literal can be built at each use.
	resolvable map[*types.Var]*ast.FuncLit
	// skipLit marks the literals of resolvable variables: they are built at
	// their uses, not where they are created.
	skipLit map[*ast.FuncLit]bool
	// futureVar maps a NewFuture call (or a call of a function that
	// returns a future's handle) to the variable its declaration stores
	// the handle in, when that is the variable's only store.
	futureVar map[*ast.CallExpr]*types.Var
	// paramEscapes marks function-valued parameters used other than by a
	// call or as an argument.
	paramEscapes map[*types.Var]bool
	// stores maps a local variable that refers to memory (of pointer,
	// slice, map, unsafe.Pointer or uintptr type) to the expressions
	// stored in it, its declaration's value included: what a path through
	// the variable may also denote (see aliases). Stores the census cannot
	// pair with one expression (p, q := f(), range variables) are missing:
	// what they store is unknown, and the variable's own path stands for
	// it.
	stores map[*types.Var][]ast.Expr
	// swaps marks the values stored by swaps of two variables (x, y = y,
	// x): see builder.aliases.
	swaps map[ast.Expr]bool
	// futureSlot maps a NewFuture call stored by X[k] = call to X and k;
	// slotStores counts the element stores of each variable, slotBad marks
	// variables used other than by indexing, ranging over, len or cap.
	futureSlot map[*ast.CallExpr][2]*types.Var
	slotStores map[*types.Var]int
	slotBad    map[*types.Var]bool
	// taskValue maps a variable to the task-library operation it is
	// declared with, as a method value (spawn := t.Async), method
	// expression or function value, when that is its only store and its
	// address is not taken: a call of the variable is that operation.
	taskValue map[*types.Var]ast.Expr
	// intInit maps an integer variable to the value of its declaration
	// (one name per value); clamps counts its assignments that only lower
	// it (see clampOf).
	intInit map[*types.Var]ast.Expr
	clamps  map[*types.Var]int
	// distinct marks slices whose elements are pairwise distinct (see
	// distinctSlices).
	distinct map[*types.Var]bool
	hasGoto  bool
}

func newCensus(info *types.Info, body ast.Node) *census {
	c := &census{
		info:         info,
		writes:       map[*types.Var]int{},
		addr:         map[*types.Var]bool{},
		resolvable:   map[*types.Var]*ast.FuncLit{},
		skipLit:      map[*ast.FuncLit]bool{},
		futureVar:    map[*ast.CallExpr]*types.Var{},
		paramEscapes: map[*types.Var]bool{},
		stores:       map[*types.Var][]ast.Expr{},
		swaps:        map[ast.Expr]bool{},
		futureSlot:   map[*ast.CallExpr][2]*types.Var{},
		slotStores:   map[*types.Var]int{},
		slotBad:      map[*types.Var]bool{},
		taskValue:    map[*types.Var]ast.Expr{},
		intInit:      map[*types.Var]ast.Expr{},
		clamps:       map[*types.Var]int{},
	}
	declOp := map[*types.Var]ast.Expr{}
	declLit := map[*types.Var]*ast.FuncLit{}
	declFuture := map[*types.Var]*ast.CallExpr{}
	// uses of candidate variables that are not calls or task bodies
	badUse := map[*types.Var]bool{}

	var stack []ast.Node
	ast.Inspect(body, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		var parent ast.Node
		if len(stack) > 0 {
			parent = stack[len(stack)-1]
		}
		stack = append(stack, n)
		switch n := n.(type) {
		case *ast.BranchStmt:
			if n.Tok == token.GOTO {
				c.hasGoto = true
			}
		case *ast.AssignStmt:
			c.assign(n, declLit, declFuture)
			if len(stack) >= 3 {
				if v := clampOf(info, n, stack[len(stack)-2], stack[len(stack)-3]); v != nil {
					c.clamps[v]++
				}
			}
			if n.Tok == token.DEFINE && len(n.Lhs) == len(n.Rhs) {
				for i, lhs := range n.Lhs {
					if id, ok := lhs.(*ast.Ident); ok {
						if v, ok := info.Defs[id].(*types.Var); ok {
							c.noteOp(v, n.Rhs[i], declOp)
							c.noteInt(v, n.Rhs[i])
						}
					}
				}
			}
		case *ast.ValueSpec:
			if len(n.Names) == len(n.Values) {
				for i, name := range n.Names {
					if v, ok := info.Defs[name].(*types.Var); ok {
						c.noteDecl(v, n.Values[i], declLit, declFuture)
						c.noteOp(v, n.Values[i], declOp)
						c.noteInt(v, n.Values[i])
						c.store(v, n.Values[i])
					}
				}
			}
		case *ast.IncDecStmt:
			c.write(n.X)
		case *ast.RangeStmt:
			if n.Tok == token.ASSIGN {
				c.write(n.Key)
				c.write(n.Value)
			}
		case *ast.UnaryExpr:
			if n.Op == token.AND {
				c.takeAddr(n.X)
			}
		case *ast.SliceExpr:
			if _, ok := under(typeOf(info, n.X)).(*types.Array); ok {
				c.takeAddr(n.X)
			}
		case *ast.SelectorExpr:
			if sel := info.Selections[n]; sel != nil && sel.Kind() != types.FieldVal {
				if f, ok := sel.Obj().(*types.Func); ok && pointerRecv(f) && !isPointer(typeOf(info, n.X)) {
					c.takeAddr(n.X)
				}
			}
		case *ast.Ident:
			v, ok := info.Uses[n].(*types.Var)
			if !ok {
				return true
			}
			if !c.callOrBody(n, parent) {
				badUse[v] = true
			}
			if !slotUse(info, n, parent) {
				c.slotBad[v] = true
			}
		}
		return true
	})
	for v, lit := range declLit {
		if c.writes[v] == 0 && !c.addr[v] && !badUse[v] {
			c.resolvable[v] = lit
			c.skipLit[lit] = true
		}
	}
	for v, call := range declFuture {
		if c.writes[v] == 0 && !c.addr[v] {
			c.futureVar[call] = v
		}
	}
	for v := range badUse {
		c.paramEscapes[v] = true
	}
	for v, e := range declOp {
		if c.writes[v] == 0 && !c.addr[v] {
			c.taskValue[v] = e
		}
	}
	c.distinct = distinctSlices(info, body, c)
	return c
}

// distinctSlices returns the local slices whose elements are pairwise
// distinct in every instance: the keys of one map, collected as users
// collect them to sort them:
//
//	keys := make([]K, 0, len(m)) // or var keys []K, or []K{}
//	for k := range m {
//		keys = append(keys, k)
//	}
//	sort.Strings(keys) // or sort.Ints, slices.Sort
//
// The conditions: K is a string, integer or boolean type (equal keys are
// equal values; no NaN); the slice is declared empty by a statement of the
// body (not a parameter) and its only other
// store is that append, the whole body of a range over a map with the key
// alone, with no loop or function literal between the slice's declaration
// and the range statement (the range runs once per instance of the
// slice); its address is never taken; it is otherwise only ranged over,
// indexed for reading, given to len or cap, or sorted by sort.Strings,
// sort.Ints or slices.Sort (permutations); the function has no goto.
//
// Soundness: a range over a map whose body only appends produces each key
// of the map once (the body changes no map), and one map's keys are
// distinct; no store other than the permutations of the sorts changes an
// element, and no slicing or call can alias the array and write it.
func distinctSlices(info *types.Info, body ast.Node, c *census) map[*types.Var]bool {
	out := map[*types.Var]bool{}
	if c.hasGoto {
		return out
	}
	appends := map[*types.Var]int{}
	bad := map[*types.Var]bool{}
	declared := map[*types.Var]bool{} // by a statement of the body
	var stack []ast.Node
	ast.Inspect(body, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		stack = append(stack, n)
		switch n := n.(type) {
		case *ast.AssignStmt:
			if v := keyAppend(info, n, stack); v != nil {
				appends[v]++
			}
			if n.Tok == token.DEFINE {
				for _, l := range n.Lhs {
					if id, ok := l.(*ast.Ident); ok {
						if v, ok := info.Defs[id].(*types.Var); ok {
							declared[v] = true
						}
					}
				}
			}
		case *ast.ValueSpec:
			for _, id := range n.Names {
				if v, ok := info.Defs[id].(*types.Var); ok {
					declared[v] = true
				}
			}
		case *ast.Ident:
			v, ok := info.Uses[n].(*types.Var)
			if !ok {
				return true
			}
			if _, isSlice := under(v.Type()).(*types.Slice); isSlice && !distinctUse(info, n, stack) {
				bad[v] = true
			}
		}
		return true
	})
	for v, k := range appends {
		if k != 1 || !declared[v] || c.writes[v] != 1 || c.addr[v] || bad[v] {
			continue
		}
		empty := true
		for _, e := range c.stores[v] {
			if call, ok := ast.Unparen(e).(*ast.CallExpr); ok && isAppendOf(info, call, v) {
				continue
			}
			empty = empty && emptySlice(info, e)
		}
		if empty {
			out[v] = true
		}
	}
	return out
}

// keyAppend returns v when s is v = append(v, k), the only statement of a
// range over a map with the key k alone (declared by the range), the key
// of a string, integer or boolean type, and no loop or function literal
// lies between v's declaration and the range statement.
func keyAppend(info *types.Info, s *ast.AssignStmt, stack []ast.Node) *types.Var {
	if s.Tok != token.ASSIGN || len(s.Lhs) != 1 || len(s.Rhs) != 1 || len(stack) < 3 {
		return nil
	}
	id, ok := ast.Unparen(s.Lhs[0]).(*ast.Ident)
	if !ok {
		return nil
	}
	v, ok := info.Uses[id].(*types.Var)
	if !ok {
		return nil
	}
	call, ok := ast.Unparen(s.Rhs[0]).(*ast.CallExpr)
	if !ok || !isAppendOf(info, call, v) || len(call.Args) != 2 || call.Ellipsis.IsValid() {
		return nil
	}
	blk, ok := stack[len(stack)-2].(*ast.BlockStmt)
	rs, ok2 := stack[len(stack)-3].(*ast.RangeStmt)
	if !ok || !ok2 || rs.Body != blk || len(blk.List) != 1 || rs.Tok != token.DEFINE || rs.Key == nil || rs.Value != nil {
		return nil
	}
	m, ok := under(typeOf(info, rs.X)).(*types.Map)
	if !ok {
		return nil
	}
	kb, ok := under(m.Key()).(*types.Basic)
	if !ok || kb.Info()&(types.IsString|types.IsInteger|types.IsBoolean) == 0 {
		return nil
	}
	kid, ok1 := rs.Key.(*ast.Ident)
	arg, ok2 := ast.Unparen(call.Args[1]).(*ast.Ident)
	if !ok1 || !ok2 || info.Defs[kid] == nil || info.Defs[kid] != info.Uses[arg] {
		return nil
	}
	for _, n := range stack[:len(stack)-3] {
		switch n.(type) {
		case *ast.ForStmt, *ast.RangeStmt, *ast.FuncLit:
			if n.Pos() > v.Pos() {
				return nil
			}
		}
	}
	return v
}

// isAppendOf reports whether call is append(v, ...).
func isAppendOf(info *types.Info, call *ast.CallExpr, v *types.Var) bool {
	fid, ok := ast.Unparen(call.Fun).(*ast.Ident)
	if !ok || len(call.Args) == 0 {
		return false
	}
	if bi, ok := info.Uses[fid].(*types.Builtin); !ok || bi.Name() != "append" {
		return false
	}
	a, ok := ast.Unparen(call.Args[0]).(*ast.Ident)
	return ok && info.Uses[a] == v
}

// emptySlice reports whether e is an empty slice: make([]T, 0) or
// make([]T, 0, n), []T{}, nil.
func emptySlice(info *types.Info, e ast.Expr) bool {
	switch e := ast.Unparen(e).(type) {
	case *ast.CompositeLit:
		return len(e.Elts) == 0
	case *ast.Ident:
		return info.Types[e].IsNil()
	case *ast.CallExpr:
		fid, ok := ast.Unparen(e.Fun).(*ast.Ident)
		if !ok || len(e.Args) < 2 {
			return false
		}
		if bi, ok := info.Uses[fid].(*types.Builtin); !ok || bi.Name() != "make" {
			return false
		}
		tv := info.Types[e.Args[1]]
		return tv.Value != nil && tv.Value.String() == "0"
	}
	return false
}

// distinctUse reports whether a use of a slice variable keeps its
// elements as they are, or permutes them: see distinctSlices.
func distinctUse(info *types.Info, id *ast.Ident, stack []ast.Node) bool {
	if len(stack) < 2 {
		return false
	}
	parent := stack[len(stack)-2]
	var grand ast.Node
	if len(stack) >= 3 {
		grand = stack[len(stack)-3]
	}
	switch p := parent.(type) {
	case *ast.RangeStmt:
		return p.X == id
	case *ast.IndexExpr:
		if p.X != id {
			return true // the index
		}
		switch g := grand.(type) {
		case *ast.AssignStmt:
			return !slices.Contains(g.Lhs, ast.Expr(p))
		case *ast.IncDecStmt:
			return false
		case *ast.UnaryExpr:
			return g.Op != token.AND
		case *ast.RangeStmt:
			return g.Key != p && g.Value != p
		}
		return true
	case *ast.AssignStmt:
		// v = append(v, k): the store distinctSlices counts.
		if len(p.Lhs) == 1 && p.Lhs[0] == id && len(p.Rhs) == 1 {
			call, ok := ast.Unparen(p.Rhs[0]).(*ast.CallExpr)
			return ok && isAppendOf(info, call, info.Uses[id].(*types.Var))
		}
		// The declaration's own name is in Defs, not Uses.
		return false
	case *ast.CallExpr:
		if ast.Unparen(p.Fun) == id {
			return false
		}
		switch f := ast.Unparen(p.Fun).(type) {
		case *ast.Ident:
			if bi, ok := info.Uses[f].(*types.Builtin); ok {
				switch bi.Name() {
				case "len", "cap":
					return true
				case "append":
					// append(v, k) as the value of v = append(v, k).
					as, ok := grand.(*ast.AssignStmt)
					return ok && p.Args[0] == id && len(as.Lhs) == 1 && isIdentOf(info, as.Lhs[0], id)
				}
			}
		case *ast.SelectorExpr:
			if fn, ok := info.Uses[f.Sel].(*types.Func); ok && fn.Pkg() != nil && len(p.Args) == 1 {
				switch fn.Pkg().Path() + "." + fn.Name() {
				case "sort.Strings", "sort.Ints", "slices.Sort":
					return true
				}
			}
		}
	}
	return false
}

// isIdentOf reports whether e is an identifier of the variable id uses.
func isIdentOf(info *types.Info, e ast.Expr, id *ast.Ident) bool {
	x, ok := ast.Unparen(e).(*ast.Ident)
	return ok && info.Uses[x] == info.Uses[id]
}

// noteInt records the value an integer variable is declared with.
func (c *census) noteInt(v *types.Var, init ast.Expr) {
	if isInteger(v.Type()) {
		c.intInit[v] = init
	}
}

// clampOf returns v when s is the only statement of an if statement
// without init or else that assigns v = X under the condition v > X
// (v >= X, X < v, X <= v) with X the same pure expression (identifiers,
// constants, selectors, len and cap, arithmetic): the assignment only
// lowers v, as min(v, X) does.
func clampOf(info *types.Info, s *ast.AssignStmt, parent, grand ast.Node) *types.Var {
	if s.Tok != token.ASSIGN || len(s.Lhs) != 1 || len(s.Rhs) != 1 {
		return nil
	}
	id, ok := ast.Unparen(s.Lhs[0]).(*ast.Ident)
	if !ok {
		return nil
	}
	v, ok := info.Uses[id].(*types.Var)
	if !ok || !isInteger(v.Type()) {
		return nil
	}
	blk, ok := parent.(*ast.BlockStmt)
	ifs, ok2 := grand.(*ast.IfStmt)
	if !ok || !ok2 || ifs.Body != blk || ifs.Init != nil || ifs.Else != nil || len(blk.List) != 1 {
		return nil
	}
	cond, ok := ast.Unparen(ifs.Cond).(*ast.BinaryExpr)
	if !ok {
		return nil
	}
	isV := func(e ast.Expr) bool {
		x, ok := ast.Unparen(e).(*ast.Ident)
		return ok && info.Uses[x] == v
	}
	var x ast.Expr
	switch {
	case (cond.Op == token.GTR || cond.Op == token.GEQ) && isV(cond.X):
		x = cond.Y
	case (cond.Op == token.LSS || cond.Op == token.LEQ) && isV(cond.Y):
		x = cond.X
	default:
		return nil
	}
	if !pureInt(info, x) || types.ExprString(x) != types.ExprString(s.Rhs[0]) {
		return nil
	}
	return v
}

// pureInt reports whether e is built of identifiers, constants, field
// selections, len and cap and arithmetic: evaluating it twice without a
// statement in between gives one value.
func pureInt(info *types.Info, e ast.Expr) bool {
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident, *ast.BasicLit:
		return true
	case *ast.SelectorExpr:
		return pureInt(info, e.X)
	case *ast.BinaryExpr:
		return pureInt(info, e.X) && pureInt(info, e.Y)
	case *ast.UnaryExpr:
		return e.Op != token.ARROW && e.Op != token.AND && pureInt(info, e.X)
	case *ast.CallExpr:
		id, ok := ast.Unparen(e.Fun).(*ast.Ident)
		if !ok || len(e.Args) != 1 {
			return false
		}
		bi, ok := info.Uses[id].(*types.Builtin)
		return ok && (bi.Name() == "len" || bi.Name() == "cap") && pureInt(info, e.Args[0])
	}
	return false
}

// noteOp records a declaration whose value denotes a task-library
// operation without calling it, as the shared model classifies it.
func (c *census) noteOp(v *types.Var, init ast.Expr, declOp map[*types.Var]ast.Expr) {
	if u, ok := syncapi.Value(c.info, init); ok && u.Op.IsTask() {
		declOp[v] = init
	}
}

// callOrBody reports whether the identifier is used as the function of a
// call or as an argument of a call of a function (not of a conversion or a
// built-in, whose function arguments escape to where the builder cannot
// follow them).
func (c *census) callOrBody(id *ast.Ident, parent ast.Node) bool {
	call, ok := parent.(*ast.CallExpr)
	if !ok {
		return false
	}
	if ast.Unparen(call.Fun) == id {
		return true
	}
	if !callsFunction(c.info, call) {
		return false
	}
	for _, a := range call.Args {
		if a == id {
			return true
		}
	}
	return false
}

func (c *census) assign(s *ast.AssignStmt, declLit map[*types.Var]*ast.FuncLit, declFuture map[*types.Var]*ast.CallExpr) {
	if x, _ := c.swapped(s); x != nil {
		c.swaps[s.Rhs[0]], c.swaps[s.Rhs[1]] = true, true
	}
	for i, lhs := range s.Lhs {
		ix, ok := ast.Unparen(lhs).(*ast.IndexExpr)
		if !ok {
			continue
		}
		id, ok := ast.Unparen(ix.X).(*ast.Ident)
		if !ok {
			continue
		}
		x, ok := c.info.Uses[id].(*types.Var)
		if !ok {
			continue
		}
		c.slotStores[x]++
		k, ok := ast.Unparen(ix.Index).(*ast.Ident)
		if !ok || s.Tok != token.ASSIGN || len(s.Lhs) != len(s.Rhs) {
			continue
		}
		if call, ok := ast.Unparen(s.Rhs[i]).(*ast.CallExpr); ok {
			if kv, ok := c.info.Uses[k].(*types.Var); ok {
				c.futureSlot[call] = [2]*types.Var{x, kv}
			}
		}
	}
	for i, lhs := range s.Lhs {
		if s.Tok == token.DEFINE {
			if id, ok := lhs.(*ast.Ident); ok {
				if v, ok := c.info.Defs[id].(*types.Var); ok {
					if len(s.Lhs) == len(s.Rhs) {
						c.noteDecl(v, s.Rhs[i], declLit, declFuture)
						c.store(v, s.Rhs[i])
					}
					continue
				}
			}
		}
		c.write(lhs)
		// A plain assignment stores its value; p += n keeps a uintptr in
		// the object it was in, which the stores recorded stand for.
		if id, ok := ast.Unparen(lhs).(*ast.Ident); ok && s.Tok == token.ASSIGN && len(s.Lhs) == len(s.Rhs) {
			if v, ok := c.info.Uses[id].(*types.Var); ok {
				c.store(v, s.Rhs[i])
			}
		}
	}
}

// slotUse reports whether an identifier is used as a slot array may be:
// indexed (s[i], whether read or stored), ranged over, or given to len or
// cap.
func slotUse(info *types.Info, id *ast.Ident, parent ast.Node) bool {
	switch p := parent.(type) {
	case *ast.IndexExpr:
		return p.X == id
	case *ast.RangeStmt:
		return p.X == id
	case *ast.CallExpr:
		if fid, ok := ast.Unparen(p.Fun).(*ast.Ident); ok {
			if bi, ok := info.Uses[fid].(*types.Builtin); ok {
				return bi.Name() == "len" || bi.Name() == "cap"
			}
		}
	case *ast.AssignStmt:
		// Its declaration.
		for _, l := range p.Lhs {
			if l == id {
				return p.Tok == token.DEFINE
			}
		}
	}
	return false
}

// swapped returns the two variables of a swap x, y = y, x.
func (c *census) swapped(s *ast.AssignStmt) (x, y *types.Var) {
	if s.Tok != token.ASSIGN || len(s.Lhs) != 2 || len(s.Rhs) != 2 {
		return nil, nil
	}
	v := func(e ast.Expr) *types.Var {
		if id, ok := ast.Unparen(e).(*ast.Ident); ok {
			v, _ := c.info.Uses[id].(*types.Var)
			return v
		}
		return nil
	}
	x, y = v(s.Lhs[0]), v(s.Lhs[1])
	if x == nil || y == nil || x == y || v(s.Rhs[0]) != y || v(s.Rhs[1]) != x {
		return nil, nil
	}
	return x, y
}

// store records that e is stored in v, when v refers to memory.
func (c *census) store(v *types.Var, e ast.Expr) {
	if !v.IsField() && refersToMemory(v.Type()) {
		c.stores[v] = append(c.stores[v], e)
	}
}

// single reports whether v holds one value for the whole life of each of
// its instances: assigned only by its declaration, address never taken.
func (c *census) single(v *types.Var) bool {
	return c.writes[v] == 0 && !c.addr[v] && len(c.stores[v]) == 1
}

// refersToMemory reports whether a value of type t can refer to memory
// that paths reach through it: pointers, slices, maps, and the
// unsafe.Pointer and uintptr values unsafe code computes addresses with.
func refersToMemory(t types.Type) bool {
	switch u := under(t).(type) {
	case *types.Pointer, *types.Slice, *types.Map:
		return true
	case *types.Basic:
		return u.Kind() == types.UnsafePointer || u.Kind() == types.Uintptr
	}
	return false
}

func (c *census) noteDecl(v *types.Var, init ast.Expr, declLit map[*types.Var]*ast.FuncLit, declFuture map[*types.Var]*ast.CallExpr) {
	switch e := ast.Unparen(init).(type) {
	case *ast.FuncLit:
		declLit[v] = e
	case *ast.CallExpr:
		// NewFuture, or a function returning the handle of a future.
		if IsFuture(typeOf(c.info, e)) {
			declFuture[v] = e
		}
	}
}

func (c *census) write(e ast.Expr) {
	if v := directRoot(c.info, e); v != nil {
		c.writes[v]++
	}
}

func (c *census) takeAddr(e ast.Expr) {
	if v := directRoot(c.info, e); v != nil {
		c.addr[v] = true
	}
}

// directRoot returns the variable whose own storage e denotes (x, x.f of a
// struct value, a[i] of an array value), or nil.
func directRoot(info *types.Info, e ast.Expr) *types.Var {
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		v, _ := info.ObjectOf(e).(*types.Var)
		if v != nil && v.IsField() {
			return nil
		}
		return v
	case *ast.SelectorExpr:
		sel := info.Selections[e]
		if sel == nil || sel.Kind() != types.FieldVal || sel.Indirect() {
			return nil
		}
		return directRoot(info, e.X)
	case *ast.IndexExpr:
		if _, ok := under(typeOf(info, e.X)).(*types.Array); ok {
			return directRoot(info, e.X)
		}
	}
	return nil
}

func typeOf(info *types.Info, e ast.Expr) types.Type {
	if t := info.TypeOf(e); t != nil {
		return t
	}
	return types.Typ[types.Invalid]
}

func isPointer(t types.Type) bool {
	_, ok := t.Underlying().(*types.Pointer)
	return ok
}

func pointerRecv(f *types.Func) bool {
	sig, ok := f.Type().(*types.Signature)
	return ok && sig.Recv() != nil && isPointer(sig.Recv().Type())
}

// callsFunction reports whether call calls a function (not a conversion or
// a built-in).
func callsFunction(info *types.Info, call *ast.CallExpr) bool {
	if tv, ok := info.Types[call.Fun]; ok && tv.IsType() {
		return false
	}
	if id, ok := ast.Unparen(call.Fun).(*ast.Ident); ok {
		if _, ok := info.Uses[id].(*types.Builtin); ok {
			return false
		}
	}
	return true
}
