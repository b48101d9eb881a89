package instrument

import (
	"fmt"
	"go/ast"
	"go/types"
)

// Embedded fields on the way to a promoted method or field. x.M, where M
// is promoted through embedded fields E1…Ek of x, evaluates x.E1…Ek: every
// embedded pointer (or interface) on the path is loaded from its field,
// and a method with a value receiver copies the receiver, the last
// embedded field or, through a pointer, the value it points to. Go's race
// detector sees these loads in the code the compiler generates for the
// selection (and in the wrapper methods of embedded pointers), so a
// goroutine that replaces the embedded pointer, or the embedding struct,
// races with the call. A promoted field x.f reads the embedded pointers on
// its way the same way; its own access is hooked by field.
//
// The hooks name the implicit fields: x.E1.E2, guarded like any field
// path (every pointer on it is non-nil). They are skipped, like any
// unrenderable hook, when an embedded field is unexported and declared in
// another package.

// embeddedReads adds the reads made on the way through the embedded
// fields of the selection x (kind MethodVal or FieldVal). recvCopy is set
// for a method with a value receiver, which copies what the path reaches.
func (c *collector) embeddedReads(x *ast.SelectorExpr, s *types.Selection, recvCopy bool) {
	idx := s.Index()
	if len(idx) < 2 {
		return
	}
	t := c.r.info.TypeOf(x.X)
	// inMem: the current step's struct is in memory that others may
	// reach (behind a pointer, or a shared variable).
	inMem := c.isPointer(x.X) || c.addressable(x.X) && c.locShared(x.X)
	path := idx[:len(idx)-1]
	for i := range path {
		st := derefStruct(t)
		if st == nil || path[i] >= st.NumFields() {
			return
		}
		f := st.Field(path[i])
		ft := f.Type()
		last := i == len(path)-1
		switch u := coreType(ft).(type) {
		case *types.Pointer, *types.Interface:
			if inMem {
				c.add(c.embeddedAcc(x, path[:i+1], false))
			}
			if _, isPtr := u.(*types.Pointer); isPtr && last && recvCopy {
				c.add(c.embeddedAcc(x, path[:i+1], true))
			}
			inMem = true
		default:
			if last && recvCopy && inMem {
				c.add(c.embeddedAcc(x, path[:i+1], false))
			}
		}
		t = ft
	}
}

// embeddedAcc returns the read of the embedded field that the indexes
// path select from x.X, or (deref) of the value that embedded pointer
// points to.
func (c *collector) embeddedAcc(x *ast.SelectorExpr, path []int, deref bool) *acc {
	root := x.X
	var embedded []int
	if !deref {
		embedded = path
	}
	a := &acc{pos: x.Pos(), form: formCustom, loc: root, shown: x, embedded: embedded}
	a.custom = func(rd *renderer) (string, bool) {
		var base string
		var ok bool
		switch {
		case c.isPointer(root):
			if base, ok = rd.value(root); ok {
				rd.guard(base + " != nil")
			}
		case c.addressable(root):
			base, ok = rd.addr(root)
		default:
			base, ok = rd.value(root)
		}
		if !ok {
			return "", false
		}
		t := c.r.info.TypeOf(root)
		text := base
		for i, fi := range path {
			st := derefStruct(t)
			if st == nil || fi >= st.NumFields() {
				return rd.fail("field path")
			}
			f := st.Field(fi)
			if !f.Exported() && f.Pkg() != rd.f.pkg.Types {
				return rd.fail("unexported embedded field of another package")
			}
			text += "." + f.Name()
			if _, isPtr := coreType(f.Type()).(*types.Pointer); isPtr && (i < len(path)-1 || deref) {
				rd.guard(text + " != nil")
			}
			t = f.Type()
		}
		op := "Read"
		if a.write {
			op = "Write" // a promoted method of the standard library's (stdPromoted)
		}
		if deref {
			return fmt.Sprintf("%s.%s(%s, %s)", rtName, op, text, sitePlaceholder), true
		}
		return fmt.Sprintf("%s.%s(&%s, %s)", rtName, op, text, sitePlaceholder), true
	}
	return a
}
