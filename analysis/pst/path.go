package pst

import (
	"go/types"
	"slices"
	"strconv"
	"strings"
)

// RootVar is the variable a location path starts from: a local variable (Var)
// or a package-level variable (Global, "import/path.Name"; Var is also set
// when the object is at hand).
type RootVar struct {
	Var    *types.Var
	Global string
}

// Same reports whether r and o denote the same variable.
func (r RootVar) Same(o RootVar) bool {
	if r.Global != "" || o.Global != "" {
		return r.Global == o.Global
	}
	return r.Var == o.Var
}

// Name is the variable's name for messages; a package-level variable is
// qualified by the last element of its package path (p.Count).
func (r RootVar) Name() string {
	if r.Global == "" {
		return r.Var.Name()
	}
	if i := strings.LastIndexByte(r.Global, '/'); i >= 0 {
		return r.Global[i+1:]
	}
	return r.Global
}

// StepKind is one step of a location path.
type StepKind uint8

// The step kinds.
const (
	// Field selects a struct field (Name) of the current location.
	Field StepKind = iota
	// Deref follows the pointer (or slice, map or channel reference) held
	// in the current location to the memory it refers to.
	Deref
	// Index selects one element of an array (or, after Deref, of a slice's
	// backing array).
	Index
	// MapElem is every element of a map: a map is one location, as for Go's
	// race detector.
	MapElem
	// Bytes selects the bytes [Value, Hi) of the current location: what an
	// access through an unsafe view of a different type (a *[4]byte view
	// of a uint32) touches of it.
	Bytes
	// View reinterprets the current location as a value of Step.Type (nil:
	// of unknown type and extent). It only appears while the builder
	// composes a path through an unsafe.Pointer conversion: before a leaf
	// is made, the builder turns it into a Bytes step, or cuts the path
	// there (the whole location), so leaves never carry it.
	View
)

// Step is one step of a Path.
type Step struct {
	Kind StepKind
	// Name is the field name of a Field step.
	Name string
	// Const is set on an Index step whose index is the constant Value.
	Const bool
	Value int64
	// Range is set on an Index step whose index lies in [Value, Hi), or
	// in [Value, ∞) when Hi is negative: an element of a slice taken with
	// constant bounds (s[2:], s[:n] has Value 0), or a span of them
	// (copy into s[2:4]). Bytes steps use Value and Hi the same way.
	Range bool
	Hi    int64
	// Loop is set on an Index step whose index is the iteration variable of
	// that Loop node (Node.Var): equal only in the same iteration.
	Loop *Node
	// Param is set on an Index step whose index is a parameter of the
	// tree's function that the function never assigns: a summary passes
	// it on so that callers can substitute the argument.
	Param *types.Var
	// Sym is set on an Index step whose indices are known as affine
	// functions of iteration and invariant variables (see Affine): a[2*i+1],
	// the elements of s[lo:mid]. Overlaps decides two of them with a
	// dependence test.
	Sym *SymIndex
	// Type is the type of a View step.
	Type types.Type
}

// Path denotes a location: a root variable and a sequence of steps.
type Path struct {
	Root  RootVar
	Steps []Step
}

// Direct reports whether the location is stored inside the root variable
// itself (no Deref or MapElem step): only then is a local variable's
// location private to the function that declares it.
func (p Path) Direct() bool {
	for _, s := range p.Steps {
		if s.Kind == Deref || s.Kind == MapElem {
			return false
		}
	}
	return true
}

// With returns p extended by s (p is not modified).
func (p Path) With(s Step) Path {
	steps := make([]Step, len(p.Steps), len(p.Steps)+1)
	copy(steps, p.Steps)
	return Path{Root: p.Root, Steps: append(steps, s)}
}

// Append returns p extended by steps (p is not modified).
func (p Path) Append(steps ...Step) Path {
	if len(steps) == 0 {
		return p
	}
	out := make([]Step, len(p.Steps), len(p.Steps)+len(steps))
	copy(out, p.Steps)
	return Path{Root: p.Root, Steps: append(out, steps...)}
}

// equal reports whether p and q are the same path, step for step.
func (p Path) equal(q Path) bool {
	if !p.Root.Same(q.Root) || len(p.Steps) != len(q.Steps) {
		return false
	}
	for i := range p.Steps {
		if p.Steps[i] != q.Steps[i] {
			return false
		}
	}
	return true
}

// String renders the path as Go-like source: x, x.f, (*p).f, a[i], m[*].
func (p Path) String() string {
	var b strings.Builder
	b.WriteString(p.Root.Name())
	for i, s := range p.Steps {
		switch s.Kind {
		case Field:
			b.WriteString("." + s.Name)
		case Deref:
			// A dereference followed by a field or index is implicit in Go
			// syntax; render it only when it is the last step.
			if i == len(p.Steps)-1 {
				return "*" + b.String()
			}
		case Index:
			switch {
			case s.Const:
				b.WriteString("[" + strconv.FormatInt(s.Value, 10) + "]")
			case s.Range:
				b.WriteString("[" + s.span() + "]")
			case s.Loop != nil && s.Loop.Var != nil:
				b.WriteString("[" + s.Loop.Var.Name() + "]")
			default:
				b.WriteString("[_]")
			}
		case MapElem:
			b.WriteString("[_]")
		case Bytes:
			b.WriteString(".bytes[" + s.span() + "]")
		case View:
			b.WriteString(".(view)")
		}
	}
	return b.String()
}

// span renders the interval of a Range index or a Bytes step as Go's
// slice bounds: "2:4", "2:".
func (s Step) span() string {
	hi := ""
	if s.Hi >= 0 {
		hi = strconv.FormatInt(s.Hi, 10)
	}
	return strconv.FormatInt(s.Value, 10) + ":" + hi
}

// interval returns the indices (or bytes) a step may denote, as [lo, hi)
// with hi < 0 for no bound; ok is false for an index of unknown value.
func (s Step) interval() (lo, hi int64, ok bool) {
	switch {
	case s.Const:
		return s.Value, s.Value + 1, true
	case s.Range, s.Kind == Bytes:
		return s.Value, s.Hi, true
	}
	return 0, 0, false
}

// disjoint reports whether two index (or byte) steps certainly denote
// different indices.
func disjoint(x, y Step) bool {
	xl, xh, xok := x.interval()
	yl, yh, yok := y.interval()
	if !xok || !yok {
		return false
	}
	return (xh >= 0 && xh <= yl) || (yh >= 0 && yh <= xl)
}

// Overlap tells whether the locations of two paths with the same root can
// be the same memory. When they can only in the same iteration of some
// loops, Same lists those loops (an index that is a loop's iteration
// variable in both paths).
type Overlap struct {
	May  bool
	Same []*Node
}

// Overlaps compares two paths. Paths with different roots never overlap
// here (aliasing through pointers is not tracked by paths); a path that is a
// prefix of the other overlaps it (writing a struct writes its fields).
func Overlaps(a, b Path) Overlap {
	if !a.Root.Same(b.Root) {
		return Overlap{}
	}
	var same []*Node
	n := min(len(a.Steps), len(b.Steps))
	for i := 0; i < n; i++ {
		x, y := a.Steps[i], b.Steps[i]
		if x.Kind != y.Kind {
			// Differently typed views of one location: a Bytes step
			// against a field or an element, or paths of the same
			// variable that disagree on its type; stay conservative.
			return Overlap{May: true, Same: same}
		}
		switch x.Kind {
		case Field:
			if x.Name != y.Name {
				return Overlap{}
			}
		case Index:
			if sx, sy := symOf(x), symOf(y); sx != nil && sy != nil && (x.Sym != nil || y.Sym != nil) {
				may, loops := symOverlap(sx, sy)
				if !may {
					return Overlap{}
				}
				for _, l := range loops {
					if !slices.Contains(same, l) {
						same = append(same, l)
					}
				}
				continue
			}
			switch {
			case disjoint(x, y):
				return Overlap{}
			case x.Loop != nil && x.Loop == y.Loop:
				same = append(same, x.Loop)
			}
		case Bytes:
			if disjoint(x, y) {
				return Overlap{}
			}
		}
	}
	// One path is a prefix of the other: the longer one is inside the
	// shorter's location, unless it continues through a reference (writing
	// the pointer p is not writing *p).
	var rest []Step
	if len(a.Steps) > n {
		rest = a.Steps[n:]
	} else {
		rest = b.Steps[n:]
	}
	if len(rest) > 0 && (rest[0].Kind == Deref || rest[0].Kind == MapElem) {
		return Overlap{}
	}
	return Overlap{May: true, Same: same}
}
