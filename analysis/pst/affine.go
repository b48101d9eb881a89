package pst

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"sort"
)

// Affine subscripts and the dependence test.
//
// An index the builder can write as c0 + Σ ck·vk (an Affine) carries it in
// Step.Sym, together with an upper bound when the step spans elements (a
// slice's elements, s[lo:hi] seen from its base array). The variables vk are
// of two kinds:
//
//   - the iteration variable of a Loop node (Term.Loop): a for loop whose
//     variable is stepped by a non-zero constant and written nowhere else,
//     a range loop's key, the index of ForAll and ForAsync. Different
//     iterations of the loop give it different values. Its bounds are known
//     when the loop's are constants: for i := C0; i < C1; i++ gives
//     C0 <= i < C1 inside the body (only there: the condition also sees
//     C1).
//   - an invariant variable (Term.Scope): an integer variable, never
//     assigned after its declaration nor addressed, declared by a node that
//     no Loop encloses, so that one instance of the tree holds one value
//     of it (a parameter of the tree's function, mid := len(a)/2). Two
//     terms of one variable declared by different nodes (two inlined copies
//     of a closure) are different variables.
//
// Two index steps x and y of one location may denote the same element in
// instances where the loops' variables take any values (each instance has
// its own copy of every iteration variable), the invariant variables the
// same value in both. Overlaps asks two questions of them (symOverlap):
// can they overlap at all, and can they overlap in different iterations of
// a loop L whose variable appears in both with the same coefficient c?
// With δ = iL − iL' the second is the first with the two copies replaced by
// c·δ and δ ≠ 0 (split into δ ≥ 1 and δ ≤ −1, |δ| below the loop's span
// when its bounds are known).
//
// The loops of the second question are what Overlaps returns as Same: the
// two accesses can touch one element only in equal iterations of them, the
// "=" entry of a condition vector of Agarwal, Barik, Sarkar and
// Shyamasundar (PPoPP 2007, Definition 4.1 and Figure 2), which package mhp
// combines with the vectors of NEP: an iteration pair "≠" of such a loop is
// never a conflict, whether or not the iterations run in parallel.
//
// Each question is an integer equation Σ ak·wk = r over bounded or
// unbounded variables (solvable): for spans of constant width, x.Lo + u =
// y.Lo + v with 0 <= u < width(x), 0 <= v < width(y). The test is exact on
// the bounded variables while the set of values their sum can take stays
// small (it enumerates the set, the "small exact integer check"), and
// falls back to the Banerjee bounds (the sum's minimum and maximum) past
// that; unbounded variables contribute every multiple of the gcd of their
// coefficients (the GCD test). Spans whose width is not constant (a[lo:mid]
// and a[mid:hi]) are disjoint when one ends, provably, before the other
// begins: the maximum of y.Lo − x.Hi... is not positive (nonPositive).
//
// Soundness: a "no solution" answer is only given when the equation has
// no integer solution in the variables' bounds, so two steps declared
// disjoint never denote one element, and two declared apart in different
// iterations of L never do when L's iterations differ. Every bound used is
// one Go enforces: a loop's condition holds in its body, an index or a
// slice bound of a slice stays within its length (a reslice past the
// length has an unknown bound, append's writes past it carry no Sym).

// Term is one variable of an Affine with its coefficient.
type Term struct {
	Var *types.Var
	// Loop is the loop whose iteration variable Var is; Scope, for an
	// invariant variable, the node that declared the instance.
	Loop, Scope *Node
	Coef        int64
	// Lo and Hi bound the variable's value (inclusive) where LoOK, HiOK.
	Lo, Hi     int64
	LoOK, HiOK bool
}

// Affine is the integer Const + Σ Terms[k].Coef·Terms[k].Var.
type Affine struct {
	Const int64
	Terms []Term
}

// SymIndex is the set of indices [Lo, Hi) of an index step; Hi is nil when
// unbounded.
type SymIndex struct {
	Lo Affine
	Hi *Affine
}

// maxMagnitude bounds the coefficients and bounds the test computes with:
// past it, it answers "may overlap" (no overflow).
const maxMagnitude = 1 << 30

func constAffine(c int64) Affine { return Affine{Const: c} }

// add returns a + k·b.
func (a Affine) add(b Affine, k int64) (Affine, bool) {
	out := Affine{Const: a.Const + k*b.Const, Terms: append([]Term(nil), a.Terms...)}
	for _, t := range b.Terms {
		t.Coef *= k
		merged := false
		for i := range out.Terms {
			if sameVar(out.Terms[i], t) {
				out.Terms[i].Coef += t.Coef
				merged = true
				break
			}
		}
		if !merged {
			out.Terms = append(out.Terms, t)
		}
	}
	keep := out.Terms[:0]
	for _, t := range out.Terms {
		if t.Coef != 0 {
			if abs(t.Coef) > maxMagnitude {
				return Affine{}, false
			}
			keep = append(keep, t)
		}
	}
	out.Terms = keep
	return out, abs(out.Const) <= maxMagnitude
}

func sameVar(a, b Term) bool { return a.Var == b.Var && a.Loop == b.Loop && a.Scope == b.Scope }

func abs(x int64) int64 {
	if x < 0 {
		return -x
	}
	return x
}

// hasLoops reports whether a mentions an iteration variable.
func (a Affine) hasLoops() bool {
	for _, t := range a.Terms {
		if t.Loop != nil {
			return true
		}
	}
	return false
}

// point returns the SymIndex of the single index a.
func point(a Affine) *SymIndex {
	hi, ok := a.add(constAffine(1), 1)
	if !ok {
		return nil
	}
	return &SymIndex{Lo: a, Hi: &hi}
}

// hasLoops reports whether s mentions an iteration variable.
func (s *SymIndex) hasLoops() bool {
	return s.Lo.hasLoops() || (s.Hi != nil && s.Hi.hasLoops())
}

// symOf returns the indices an index step denotes, nil if unknown.
func symOf(s Step) *SymIndex {
	switch {
	case s.Sym != nil:
		return s.Sym
	case s.Const:
		return point(constAffine(s.Value))
	case s.Range:
		r := &SymIndex{Lo: constAffine(s.Value)}
		if s.Hi >= 0 {
			hi := constAffine(s.Hi)
			r.Hi = &hi
		}
		return r
	}
	return nil
}

// symOverlap decides whether index sets x and y may share an element, and
// lists the loops in whose different iterations they never do.
func symOverlap(x, y *SymIndex) (may bool, same []*Node) {
	if !intersects(x, y, nil) {
		return false, nil
	}
	seen := map[*Node]bool{}
	for _, s := range []*SymIndex{x, y} {
		for _, t := range s.Lo.Terms {
			if t.Loop != nil && !seen[t.Loop] {
				seen[t.Loop] = true
				if !intersects(x, y, t.Loop) {
					same = append(same, t.Loop)
				}
			}
		}
	}
	return true, same
}

// width returns Hi − Lo when it is a constant.
func (s *SymIndex) width() (int64, bool) {
	if s.Hi == nil {
		return 0, false
	}
	d, ok := s.Hi.add(s.Lo, -1)
	if !ok || len(d.Terms) != 0 {
		return 0, false
	}
	return d.Const, true
}

// eqTerm is a variable of the dependence equation.
type eqTerm struct {
	coef       int64
	lo, hi     int64
	loOK, hiOK bool
}

// varKey identifies a variable of the equation: iteration variables have
// one copy per side, invariant variables are shared.
type varKey struct {
	v     *types.Var
	loop  *Node
	scope *Node
	side  int
}

// side accumulates one side's terms of an equation.
type equation struct {
	order []varKey
	terms map[varKey]*eqTerm
	rhs   int64
}

func (e *equation) addAffine(a Affine, side int, sign int64) {
	for _, t := range a.Terms {
		k := varKey{v: t.Var, loop: t.Loop, scope: t.Scope}
		if t.Loop != nil {
			k.side = side
		}
		et, ok := e.terms[k]
		if !ok {
			et = &eqTerm{lo: t.Lo, hi: t.Hi, loOK: t.LoOK, hiOK: t.HiOK}
			e.terms[k] = et
			e.order = append(e.order, k)
		}
		et.coef += sign * t.Coef
	}
	e.rhs -= sign * a.Const
}

// intersects reports whether x and y may share an element; with apart
// non-nil, in instances where apart's iterations differ.
func intersects(x, y *SymIndex, apart *Node) bool {
	wx, okx := x.width()
	wy, oky := y.width()
	if okx && oky {
		if wx <= 0 || wy <= 0 {
			return false // an empty span has no element
		}
		if wx > maxMagnitude || wy > maxMagnitude {
			return true
		}
		// x.Lo + u − y.Lo − v = 0.
		e := &equation{terms: map[varKey]*eqTerm{}}
		e.addAffine(x.Lo, 1, 1)
		e.addAffine(y.Lo, 2, -1)
		extra := []eqTerm{
			{coef: 1, lo: 0, hi: wx - 1, loOK: true, hiOK: true},
			{coef: -1, lo: 0, hi: wy - 1, loOK: true, hiOK: true},
		}
		return e.solvable(extra, apart)
	}
	// Spans of unknown width: apart is not used (over-approximation).
	if y.Hi != nil && nonPositive(*y.Hi, 2, x.Lo, 1) {
		return false
	}
	if x.Hi != nil && nonPositive(*x.Hi, 1, y.Lo, 2) {
		return false
	}
	return true
}

// nonPositive reports whether hi − lo <= 0 for every value of the
// variables (hi's of side hs, lo's of side ls).
func nonPositive(hi Affine, hs int, lo Affine, ls int) bool {
	e := &equation{terms: map[varKey]*eqTerm{}}
	e.addAffine(hi, hs, 1)
	e.addAffine(lo, ls, -1)
	// e.rhs is −(const of hi − lo); the maximum of hi − lo is
	// Σ max(coef·w) − rhs.
	mx := -e.rhs
	for _, k := range e.order {
		t := e.terms[k]
		switch {
		case t.coef == 0:
		case t.coef > 0 && t.hiOK:
			mx += t.coef * t.hi
		case t.coef < 0 && t.loOK:
			mx += t.coef * t.lo
		default:
			return false
		}
		if abs(mx) > maxMagnitude*4 {
			return false
		}
	}
	return mx <= 0
}

// solvable reports whether the equation, with the extra variables, may
// have an integer solution; with apart, one where apart's two iteration
// variables differ.
func (e *equation) solvable(extra []eqTerm, apart *Node) bool {
	var base []eqTerm
	var delta *eqTerm
	var k1, k2 varKey
	for _, k := range e.order {
		if apart != nil && k.loop == apart {
			if k.side == 1 {
				k1 = k
			} else {
				k2 = k
			}
		}
	}
	for _, k := range e.order {
		t := *e.terms[k]
		if apart != nil && (k == k1 || k == k2) {
			continue
		}
		base = append(base, t)
	}
	base = append(base, extra...)
	if apart == nil {
		return solve(base, e.rhs)
	}
	t1, t2 := e.terms[k1], e.terms[k2]
	if t1 == nil || t2 == nil || t1.coef != -t2.coef || t1.coef == 0 {
		// Not the same multiple of the variable on both sides: the
		// difference of iterations does not help.
		if t1 != nil {
			base = append(base, *t1)
		}
		if t2 != nil {
			base = append(base, *t2)
		}
		return solve(base, e.rhs)
	}
	// c·i1 − c·i2 = c·δ with δ ≠ 0, |δ| <= span − 1.
	d := eqTerm{coef: t1.coef}
	span, spanOK := int64(0), t1.loOK && t1.hiOK
	if spanOK {
		span = t1.hi - t1.lo
		if span <= 0 {
			return false // one iteration: never two different ones
		}
	}
	delta = &d
	pos := *delta
	pos.lo, pos.loOK, pos.hi, pos.hiOK = 1, true, span, spanOK
	neg := *delta
	neg.hi, neg.hiOK, neg.lo, neg.loOK = -1, true, -span, spanOK
	return solve(append(append([]eqTerm(nil), base...), pos), e.rhs) ||
		solve(append(append([]eqTerm(nil), base...), neg), e.rhs)
}

// maxValues bounds the set of sums solve enumerates.
const maxValues = 1 << 12

// interval is a range of sums, each end possibly infinite.
type interval struct {
	lo, hi       int64
	loInf, hiInf bool
}

func (r *interval) add(t eqTerm) {
	a, aOK, b, bOK := t.coef*t.lo, t.loOK, t.coef*t.hi, t.hiOK
	if t.coef < 0 {
		a, aOK, b, bOK = b, bOK, a, aOK
	}
	if aOK {
		r.lo += a
	} else {
		r.loInf = true
	}
	if bOK {
		r.hi += b
	} else {
		r.hiInf = true
	}
}

func (r interval) has(x int64) bool {
	return (r.loInf || x >= r.lo) && (r.hiInf || x <= r.hi)
}

// solve reports whether Σ coef·w = rhs may have an integer solution with
// each w within its bounds (a bound may be missing). It applies the
// Banerjee bounds and the GCD test to the whole sum, then enumerates the
// values of the sum of the fully bounded variables while they are few,
// checking each against the bounds and gcd of the rest: exact when every
// variable is bounded and the enumeration completes.
func solve(terms []eqTerm, rhs int64) bool {
	var all, rest interval
	var gAll, gRest int64
	var bounded []eqTerm
	for _, t := range terms {
		if t.coef == 0 {
			continue
		}
		if t.loOK && t.hiOK && t.lo > t.hi {
			return false // an empty range: no value at all
		}
		if (t.loOK && abs(t.lo) > maxMagnitude) || (t.hiOK && abs(t.hi) > maxMagnitude) {
			return true
		}
		all.add(t)
		gAll = gcd(gAll, t.coef)
		if t.loOK && t.hiOK {
			bounded = append(bounded, t)
			continue
		}
		rest.add(t)
		gRest = gcd(gRest, t.coef)
	}
	if !all.has(rhs) {
		return false // Banerjee
	}
	if gAll != 0 && rhs%gAll != 0 {
		return false // GCD
	}
	if gAll == 0 {
		return rhs == 0
	}
	sort.Slice(bounded, func(i, j int) bool { return span(bounded[i]) < span(bounded[j]) })
	set := map[int64]bool{0: true}
	for _, t := range bounded {
		if span(t)*int64(len(set)) > maxValues {
			return true
		}
		next := make(map[int64]bool, len(set)*int(span(t)))
		for s := range set {
			for w := t.lo; w <= t.hi; w++ {
				next[s+t.coef*w] = true
			}
		}
		set = next
	}
	for s := range set {
		d := rhs - s
		if gRest == 0 {
			if d == 0 {
				return true
			}
			continue
		}
		if d%gRest == 0 && rest.has(d) {
			return true
		}
	}
	return false
}

func span(t eqTerm) int64 { return t.hi - t.lo + 1 }

func gcd(a, b int64) int64 {
	a, b = abs(a), abs(b)
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

// affineOf returns e as an Affine of the current iteration and invariant
// variables, if it is one.
func (b *builder) affineOf(e ast.Expr) (Affine, bool) {
	if tv := b.info.Types[e]; tv.Value != nil {
		v, ok := constant.Int64Val(constant.ToInt(tv.Value))
		if !ok || abs(v) > maxMagnitude {
			return Affine{}, false
		}
		return constAffine(v), true
	}
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		v, ok := b.info.Uses[e].(*types.Var)
		if !ok || !isInteger(v.Type()) {
			return Affine{}, false
		}
		if l := b.iterVar[v]; l != nil {
			t := Term{Var: v, Loop: l, Coef: 1}
			if bd, ok := b.bounds[v]; ok {
				t.Lo, t.Hi, t.LoOK, t.HiOK = bd.lo, bd.hi, bd.loOK, bd.hiOK
			}
			return Affine{Terms: []Term{t}}, true
		}
		if b.invariant(v) {
			return Affine{Terms: []Term{{Var: v, Scope: b.scope[v], Coef: 1}}}, true
		}
		// A variable assigned only by its declaration (lo := k*c in a
		// loop's body) holds its initializer's value, evaluated where
		// it is declared: in the same instance of every loop enclosing
		// the declaration, whose iteration variables the use sees too,
		// and with the same invariant variables.
		if init := b.census.intInit[v]; init != nil && b.census.writes[v] == 0 && !b.census.addr[v] && b.substDepth < maxSubst {
			b.substDepth++
			a, ok := b.affineOf(init)
			b.substDepth--
			if ok {
				return a, true
			}
		}
	case *ast.BinaryExpr:
		x, okx := b.affineOf(e.X)
		y, oky := b.affineOf(e.Y)
		if !okx || !oky {
			return Affine{}, false
		}
		switch e.Op {
		case token.ADD:
			return x.add(y, 1)
		case token.SUB:
			return x.add(y, -1)
		case token.MUL:
			switch {
			case len(x.Terms) == 0:
				return Affine{}.add(y, x.Const)
			case len(y.Terms) == 0:
				return Affine{}.add(x, y.Const)
			}
		}
	case *ast.UnaryExpr:
		switch e.Op {
		case token.SUB:
			if x, ok := b.affineOf(e.X); ok {
				return Affine{}.add(x, -1)
			}
		case token.ADD:
			return b.affineOf(e.X)
		}
	}
	return Affine{}, false
}

// maxSubst bounds the chains of declarations affineOf and upperOf follow.
const maxSubst = 8

// upperOf returns an Affine that is at least e's value: e's own Affine;
// for min(x, y, ...), the bound of an argument; for a variable whose only
// stores are its declaration and assignments that lower it (if v > X { v
// = X }, see clampOf), the bound of its initializer. It serves as the end
// of a slice expression's span (s[lo:hi]): a span that ends at or before
// the true end contains every element the slice does, so spans proved
// disjoint with these ends are disjoint.
func (b *builder) upperOf(e ast.Expr) (Affine, bool) {
	if a, ok := b.affineOf(e); ok {
		return a, true
	}
	if b.substDepth >= maxSubst {
		return Affine{}, false
	}
	b.substDepth++
	defer func() { b.substDepth-- }()
	switch e := ast.Unparen(e).(type) {
	case *ast.CallExpr:
		if id, ok := ast.Unparen(e.Fun).(*ast.Ident); ok {
			if bi, ok := b.info.Uses[id].(*types.Builtin); ok && bi.Name() == "min" {
				for _, arg := range e.Args {
					if a, ok := b.upperOf(arg); ok {
						return a, true
					}
				}
			}
		}
	case *ast.Ident:
		v, ok := b.info.Uses[e].(*types.Var)
		if !ok {
			break
		}
		if init := b.census.intInit[v]; init != nil && !b.census.addr[v] && b.census.writes[v] == b.census.clamps[v] {
			return b.upperOf(init)
		}
	}
	return Affine{}, false
}

func isInteger(t types.Type) bool {
	bt, ok := t.Underlying().(*types.Basic)
	return ok && bt.Info()&types.IsInteger != 0
}

// invariant reports whether v holds one value in each instance of the
// tree: an integer variable assigned only by its declaration, never
// addressed, declared by a node no Loop encloses.
func (b *builder) invariant(v *types.Var) bool {
	if b.census.writes[v] != 0 || b.census.addr[v] {
		return false
	}
	s := b.scope[v]
	if s == nil {
		return false
	}
	for n := s; n != nil; n = n.Parent {
		if n.Kind == Loop {
			return false
		}
	}
	return true
}

// varBounds are the bounds of an iteration variable's value.
type varBounds struct {
	lo, hi     int64
	loOK, hiOK bool
}

// forBounds returns the bounds a three-clause loop's condition and init
// give its variable v inside the body: for v := C0; v < C1; v++ (or <=, or
// counting down with > and >=), with constant C0 and C1 and the step's sign
// agreeing with the condition.
func (b *builder) forBounds(s *ast.ForStmt, v *types.Var) (varBounds, bool) {
	as, ok := s.Init.(*ast.AssignStmt)
	if !ok || len(as.Rhs) != 1 {
		return varBounds{}, false
	}
	c0, ok := b.constInt(as.Rhs[0], 0)
	if !ok || as.Rhs[0] == nil {
		return varBounds{}, false
	}
	cond, ok := ast.Unparen(s.Cond).(*ast.BinaryExpr)
	if !ok {
		return varBounds{}, false
	}
	id, ok := ast.Unparen(cond.X).(*ast.Ident)
	if !ok || b.info.Uses[id] != v {
		return varBounds{}, false
	}
	c1, ok := b.constInt(cond.Y, 0)
	if !ok || cond.Y == nil {
		return varBounds{}, false
	}
	up := stepSign(b.info, s.Post)
	switch {
	case up > 0 && cond.Op == token.LSS:
		return varBounds{lo: c0, hi: c1 - 1, loOK: true, hiOK: true}, true
	case up > 0 && cond.Op == token.LEQ:
		return varBounds{lo: c0, hi: c1, loOK: true, hiOK: true}, true
	case up < 0 && cond.Op == token.GTR:
		return varBounds{lo: c1 + 1, hi: c0, loOK: true, hiOK: true}, true
	case up < 0 && cond.Op == token.GEQ:
		return varBounds{lo: c1, hi: c0, loOK: true, hiOK: true}, true
	}
	return varBounds{}, false
}

// stepSign returns the sign of the step of a loop's post statement (that
// constStep accepted): 1 for v++ or v += c > 0, −1 for v-- or v -= c > 0
// (or += c < 0), 0 if unknown.
func stepSign(info *types.Info, post ast.Stmt) int {
	switch p := post.(type) {
	case *ast.IncDecStmt:
		if p.Tok == token.INC {
			return 1
		}
		return -1
	case *ast.AssignStmt:
		tv := info.Types[p.Rhs[0]]
		if tv.Value == nil {
			return 0
		}
		s := constant.Sign(tv.Value)
		if p.Tok == token.SUB_ASSIGN {
			s = -s
		}
		return s
	}
	return 0
}

// rangeBounds returns the bounds of a range loop's key: from 0, below a
// constant integer ranged over or an array's length.
func (b *builder) rangeBounds(s *ast.RangeStmt, xt types.Type) (varBounds, bool) {
	bd := varBounds{lo: 0, loOK: true}
	switch t := xt.(type) {
	case *types.Basic:
		if t.Info()&types.IsInteger == 0 {
			return varBounds{}, false
		}
		if n, ok := b.constInt(s.X, 0); ok {
			bd.hi, bd.hiOK = n-1, true
		}
	case *types.Array:
		bd.hi, bd.hiOK = t.Len()-1, true
	case *types.Pointer:
		if a, ok := t.Elem().Underlying().(*types.Array); ok {
			bd.hi, bd.hiOK = a.Len()-1, true
		}
	case *types.Slice:
	default:
		return varBounds{}, false
	}
	return bd, true
}

// iterBounds returns the bounds of the index of a ForAll or ForAsync call:
// lo <= i < hi for constant arguments.
func (b *builder) iterBounds(loE, hiE ast.Expr) varBounds {
	var bd varBounds
	if loE == nil || hiE == nil {
		return bd
	}
	if lo, ok := b.constInt(loE, 0); ok {
		bd.lo, bd.loOK = lo, true
	}
	if hi, ok := b.constInt(hiE, 0); ok {
		bd.hi, bd.hiOK = hi-1, true
	}
	return bd
}
