package instrument

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"sort"
	"strings"
)

// Reads of fields that no rewritten code writes (optimization fields).
//
// Trees, lists and records are often built once and then only read: a
// node's children are set by the composite literal that makes it, and
// every task that walks the tree reads them. Such a read can race with
// nothing, yet it costs a hook per node. Whether a field is ever written
// is a question about the whole program, and files are rewritten one at a
// time (and cached so); so the answer is put together when the program
// starts:
//
//   - Every rewritten file lists the fields its writes may write (the
//     file's write keys, below) and gives the hook of each read of a field
//     a flag, with the fields the read reads (its read keys). Its site
//     package registers both with the runtime (rt.RegisterFields).
//   - A flag starts true. At the start of func main and of each test, when
//     every package is initialized and so every rewritten file of the
//     program has registered, the runtime clears the flag of each read
//     none of whose keys a file writes (package rt/internal/sites,
//     fields.go), and that read's hook no longer runs.
//
// A key names a field of a named struct type: the import path of the
// type's package, the type's name (of the generic type, for an
// instantiation) and the field's name, joined by dots. A read x.f of field
// f of type T has the keys T.f and those of every field that the memory of
// f holds by value (fields of the struct types inside f's type, through
// arrays and embedding, not through pointers, slices or maps); a read
// whose type holds a type parameter gets no flag.
//
// What a file writes. Each write that the rewriter collects as an access
// (collector.add: assignments, x op= y, x++, the writes of append, copy
// and clear, of the standard library's functions (stdeffects.go), of
// package reflect and of reads from files; and the write of binary.Read,
// whose hook records it after the call, ioread.go) marks, for the memory
// it writes:
//
//   - the fields that memory holds by value (containedKeys of its type);
//   - the fields that hold it: for x.a.b[i] = v with a a struct field and
//     b an array field, both keys T.a and A.b, up to the first pointer,
//     slice or map on the way (enclosingKeys);
//   - every field (AnyField) for a write through a reflect.Value, whose
//     type is only known at run time.
//
// The method call x.M() with a pointer receiver takes the address of x,
// or of the embedded field M is promoted from (st.Add(1) on a struct that
// embeds atomic.Int64 writes the embedded field through the address), and
// marks the keys on that path too.
//
// Writes that are not collected accesses mark too, because they could
// reach a field's memory without a hook of the rewriter's: an address
// &x.f (an atomic operation writes through it), the implicit address of a
// method call with a pointer receiver on x.f, and the slicing of an array
// field, mark the enclosing keys; a conversion to unsafe.Pointer marks the
// fields that the pointer's target holds (and every field, when the
// pointer comes from a uintptr); a conversion from unsafe.Pointer to a
// pointer type marks every field, since the unsafe.Pointer may come from
// anywhere (package reflect, an interface's data word, a pointer read as
// another type); a conversion between pointer types, or between type
// parameters whose type sets hold pointer types, marks the fields of
// every target on either side; the functions of package reflect that
// hand out pointers into a value or convert it to another type
// (Value.Addr, UnsafeAddr, UnsafePointer, Pointer, Convert, NewAt) mark
// every field; and the instantiation of a generic function or type of a
// package that may be rewritten marks the fields its type arguments hold
// by value, because generic code writes values of its type parameters
// without knowing their fields.
//
// Why no race is hidden. A race needs a write to the read's memory. Every
// write to memory that holds a field f of T either initializes a new
// object or variable (a composite literal, new, make, a declaration, a
// parameter or a result), which no other task or goroutine can reach
// before the write is done; or is made by code that is not rewritten, and
// has no hook either; or is made by rewritten code, through one of the
// forms above, and marks every key of the fields its memory overlaps: T.f
// itself when it writes f or a field that holds f (whose type holds T by
// value), or the key of a field inside f, which is among the keys of a
// read of f. So the flag of a read that some hooked write could race
// with stays set. Two
// accesses that reach one location through different struct types can
// only do so through a conversion of pointers or through unsafe.Pointer,
// and both mark the fields of both types. A read before the flags are
// settled keeps its hook; clearing a flag later drops only hooks of reads
// that no hooked write conflicts with.
//
// Not seen: writes through memory reinterpreted by arithmetic on uintptr
// values that the program never converts back (nothing rewritten can
// write through them), and plugins opened after the program started, whose
// writes set the flags again only from then on.

// fieldFlags are the field reads of one file that have flags, and the
// fields the file's writes may write.
type fieldFlags struct {
	info    *types.Info
	id      string         // the file's suffix of generated names
	index   map[string]int // read key sets, by their text, to flag indices
	sets    []string       // read key sets, by flag index
	written map[string]bool
	any     bool // some write may write any field
}

// newFieldFlags returns the flags of a file whose generated names end in
// id, having marked what the file's syntax writes outside collected
// accesses (markSyntax).
func newFieldFlags(info *types.Info, file *ast.File, id string) *fieldFlags {
	f := &fieldFlags{info: info, id: id, index: map[string]int{}, written: map[string]bool{}}
	f.markSyntax(file)
	return f
}

// fieldsName is the name, in a file's site package, of its array of
// flags.
func (f *fieldFlags) fieldsName() string { return "F" + f.id }

// readGuard returns the guard of the hook of a read of loc: the flag of
// its keys, or "" when loc is not a field of a named struct type (or its
// type holds a type parameter).
func (f *fieldFlags) readGuard(loc ast.Expr) string {
	keys, ok := f.readKeys(loc)
	if !ok {
		return ""
	}
	set := strings.Join(keys, " ")
	i, ok := f.index[set]
	if !ok {
		i = len(f.sets)
		f.index[set] = i
		f.sets = append(f.sets, set)
	}
	return fmt.Sprintf("%s.%s[%d]", sitesName, f.fieldsName(), i)
}

// readKeys returns the keys of a read of loc, sorted.
func (f *fieldFlags) readKeys(loc ast.Expr) ([]string, bool) {
	sel, ok := ast.Unparen(loc).(*ast.SelectorExpr)
	if !ok {
		return nil, false
	}
	key, v, ok := f.fieldKey(sel)
	if !ok {
		return nil, false
	}
	set := map[string]bool{key: true}
	if !containedKeys(v.Type(), set, map[types.Type]bool{}) {
		return nil, false
	}
	keys := make([]string, 0, len(set))
	for k := range set {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys, true
}

// fieldKey returns the key of the field that sel selects, and the field,
// or false when sel is not a field selection or the field's struct is not
// a named type.
func (f *fieldFlags) fieldKey(sel *ast.SelectorExpr) (string, *types.Var, bool) {
	s := f.info.Selections[sel]
	if s == nil || s.Kind() != types.FieldVal {
		return "", nil, false
	}
	v, ok := s.Obj().(*types.Var)
	if !ok {
		return "", nil, false
	}
	owner := s.Recv()
	idx := s.Index()
	for i, k := range idx {
		st, named := structOf(owner)
		if st == nil || k >= st.NumFields() {
			return "", nil, false
		}
		if i == len(idx)-1 {
			if named == nil {
				return "", nil, false
			}
			return typeKey(named) + "." + v.Name(), v, true
		}
		owner = st.Field(k).Type()
	}
	return "", nil, false
}

// structOf returns the struct type of t (through one pointer) and the
// named type whose underlying type it is, if any.
func structOf(t types.Type) (*types.Struct, *types.Named) {
	t = types.Unalias(t)
	if p, ok := t.Underlying().(*types.Pointer); ok { // *S, or a defined type P *S
		t = types.Unalias(p.Elem())
	}
	named, _ := t.(*types.Named)
	st, _ := t.Underlying().(*types.Struct)
	return st, named
}

// typeKey returns the part of a key that names the struct type n: its
// package's path and its name (of the generic type, for an instance).
func typeKey(n *types.Named) string {
	obj := n.Origin().Obj()
	path := ""
	if obj.Pkg() != nil {
		path = obj.Pkg().Path()
	}
	return path + "." + obj.Name()
}

// containedKeys adds to set the keys of the fields that a value of type t
// holds by value: the fields of t when it is a named struct type, and
// those of the struct and array types of their types, recursively. It
// returns false when t holds a type parameter by value, whose fields are
// not known.
func containedKeys(t types.Type, set map[string]bool, seen map[types.Type]bool) bool {
	t = types.Unalias(t)
	if seen[t] {
		return true
	}
	seen[t] = true
	switch u := t.(type) {
	case *types.TypeParam:
		return false
	case *types.Named:
		st, ok := u.Underlying().(*types.Struct)
		if !ok {
			return containedKeys(u.Underlying(), set, seen)
		}
		for i := range st.NumFields() {
			set[typeKey(u)+"."+st.Field(i).Name()] = true
		}
		return containedKeys(st, set, seen)
	case *types.Struct:
		ok := true
		for i := range u.NumFields() {
			ok = containedKeys(u.Field(i).Type(), set, seen) && ok
		}
		return ok
	case *types.Array:
		return containedKeys(u.Elem(), set, seen)
	}
	return true
}

// markType marks the fields that a value of type t holds by value.
func (f *fieldFlags) markType(t types.Type) {
	if t != nil {
		containedKeys(t, f.written, map[types.Type]bool{})
	}
}

// markTarget marks the fields that the memory which a value of type t
// points to or whose elements it holds may hold: the target of a pointer,
// the elements of a slice or array. Any other type marks every field.
func (f *fieldFlags) markTarget(t types.Type) {
	if t == nil {
		f.any = true
		return
	}
	switch u := coreType(t).(type) {
	case *types.Pointer:
		f.markType(u.Elem())
	case *types.Slice:
		f.markType(u.Elem())
	case *types.Array:
		f.markType(u)
	case *types.Basic:
		if u.Info()&types.IsString == 0 {
			f.any = true
		}
	default:
		f.any = true
	}
}

// enclosingKeys marks the fields whose memory holds the location e: the
// field e selects, if any, and those that hold its operand by value, up to
// the first pointer, slice or map.
func (f *fieldFlags) enclosingKeys(e ast.Expr) {
	for {
		switch x := ast.Unparen(e).(type) {
		case *ast.SelectorExpr:
			s := f.info.Selections[x]
			if s == nil || s.Kind() != types.FieldVal {
				return
			}
			f.pathKeys(s)
			if s.Indirect() {
				return
			}
			if _, ptr := coreType(f.info.TypeOf(x.X)).(*types.Pointer); ptr {
				return
			}
			e = x.X
		case *ast.IndexExpr:
			if !isArray(f.info.TypeOf(x.X)) {
				return
			}
			e = x.X
		default:
			return
		}
	}
}

// pathKeys marks the keys of the fields on the path of the field
// selection s: the selected field and the embedded fields it is promoted
// through, up to the last pointer on the way.
func (f *fieldFlags) pathKeys(s *types.Selection) {
	f.markPath(s.Recv(), s.Index())
}

// markPath marks the keys of the fields on the path idx from a value of
// type owner, up to the last pointer on the way.
func (f *fieldFlags) markPath(owner types.Type, idx []int) {
	var keys []string
	for _, k := range idx {
		if _, ptr := owner.Underlying().(*types.Pointer); ptr {
			keys = keys[:0] // the fields before the pointer hold the pointer only
		}
		st, named := structOf(owner)
		if st == nil || k >= st.NumFields() {
			return
		}
		if named != nil {
			keys = append(keys, typeKey(named)+"."+st.Field(k).Name())
		}
		owner = st.Field(k).Type()
	}
	for _, k := range keys {
		f.written[k] = true
	}
}

// markAccess marks what the collected write a writes.
func (f *fieldFlags) markAccess(a *acc) {
	t := f.info.TypeOf(a.loc)
	switch a.form {
	case formAddr:
		f.enclosingKeys(a.loc)
		f.markType(t)
	case formPtr, formSlice, formSpan:
		f.markTarget(t)
	case formMap:
		// Map elements are not addressable: no field is read in place.
	case formCustom:
		if t != nil && strings.HasSuffix(types.TypeString(t, nil), "reflect.Value") {
			f.any = true // reflect.Value or *reflect.Value
			return
		}
		f.markTarget(t)
	}
}

// stdGenerics are the packages of the standard library with generic
// functions or types: they are never rewritten, so what their code writes
// has no hook (the calls that stdeffects.go gives hooks mark as accesses).
var stdGenerics = map[string]bool{
	"cmp": true, "iter": true, "maps": true, "slices": true, "sync": true,
	"sync/atomic": true, "unique": true, "weak": true, "structs": true,
}

// markSyntax marks what the file's syntax may write without a collected
// access: addresses of fields, implicit ones, slices of array fields,
// conversions through unsafe.Pointer and between pointer types, and
// instantiations.
func (f *fieldFlags) markSyntax(file *ast.File) {
	ast.Inspect(file, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.UnaryExpr:
			if x.Op == token.AND {
				f.enclosingKeys(x.X)
			}
		case *ast.SliceExpr:
			if isArray(f.info.TypeOf(x.X)) {
				f.enclosingKeys(x.X)
			}
		case *ast.SelectorExpr:
			f.implicitAddr(x)
			f.reflectAlias(x)
		case *ast.CallExpr:
			f.conversion(x)
		}
		return true
	})
	for id, inst := range f.info.Instances {
		if id.Pos() < file.Pos() || id.Pos() >= file.End() {
			continue
		}
		if obj := f.info.Uses[id]; obj != nil && obj.Pkg() != nil && stdGenerics[obj.Pkg().Path()] {
			continue
		}
		for i := range inst.TypeArgs.Len() {
			f.markType(inst.TypeArgs.At(i))
		}
	}
}

// implicitAddr marks the operand of x.M, a method with a pointer receiver
// selected on an addressable value, whose address the call takes.
func (f *fieldFlags) implicitAddr(x *ast.SelectorExpr) {
	s := pointerMethod(f.info, x)
	if s == nil || s.Kind() != types.MethodVal {
		return
	}
	// The method's receiver is the embedded field at the end of the path
	// (x itself when the method is not promoted): its address is taken,
	// and with it those of the fields that hold it by value.
	idx := s.Index()
	f.markPath(s.Recv(), idx[:len(idx)-1])
	if len(idx) > 1 && f.throughPointer(s.Recv(), idx[:len(idx)-1]) {
		return
	}
	if _, ptr := coreType(f.info.TypeOf(x.X)).(*types.Pointer); ptr {
		return
	}
	f.enclosingKeys(x.X)
}

// throughPointer reports whether the path idx of embedded fields from a
// value of type owner passes through a pointer (the owner itself or an
// embedded pointer field before the last).
func (f *fieldFlags) throughPointer(owner types.Type, idx []int) bool {
	for _, k := range idx {
		if _, ptr := owner.Underlying().(*types.Pointer); ptr {
			return true
		}
		st, _ := structOf(owner)
		if st == nil || k >= st.NumFields() {
			return true
		}
		owner = st.Field(k).Type()
	}
	_, ptr := owner.Underlying().(*types.Pointer)
	return ptr
}

// conversion marks what a conversion x lets the program write under
// another type: for unsafe.Pointer(p) the fields of p's target (every
// field when p is a uintptr); for a conversion of an unsafe.Pointer to a
// pointer type every field, since the unsafe.Pointer may come from
// anywhere (another conversion, package reflect, a pointer read as another
// type); for a conversion between pointer types, or between type
// parameters whose type sets hold pointer types, the fields of every
// target on either side.
func (f *fieldFlags) conversion(x *ast.CallExpr) {
	if len(x.Args) != 1 {
		return
	}
	tv, ok := f.info.Types[x.Fun]
	if !ok || !tv.IsType() {
		return
	}
	to := types.Unalias(tv.Type)
	from := f.info.TypeOf(x.Args[0])
	if from == nil {
		return
	}
	switch {
	case isUnsafePointer(from):
		if _, isBasic := to.Underlying().(*types.Basic); !isBasic {
			f.any = true
		}
		return
	case isUnsafePointer(to):
		if _, isBasic := from.Underlying().(*types.Basic); isBasic {
			f.any = true // from a uintptr
		} else {
			f.markTarget(from)
		}
		return
	}
	toElems, fromElems := pointerTargets(to), pointerTargets(from)
	if len(toElems) == 0 || len(fromElems) == 0 {
		return
	}
	if len(toElems) == 1 && len(fromElems) == 1 && types.Identical(toElems[0], fromElems[0]) {
		return
	}
	for _, e := range append(toElems, fromElems...) {
		f.markType(e)
	}
}

// isUnsafePointer reports whether t's underlying type is unsafe.Pointer.
func isUnsafePointer(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Kind() == types.UnsafePointer
}

// pointerTargets returns the targets of the pointer types that a value
// of type t may have: t's own when it is a pointer type, those of the
// pointer types of the type set of a type parameter.
func pointerTargets(t types.Type) []types.Type {
	var out []types.Type
	add := func(u types.Type) {
		if p, ok := u.Underlying().(*types.Pointer); ok {
			out = append(out, p.Elem())
		}
	}
	if tp, ok := types.Unalias(t).(*types.TypeParam); ok {
		if iface, ok := tp.Constraint().Underlying().(*types.Interface); ok {
			constraintTerms(iface, add, 0)
		}
		return out
	}
	add(t)
	return out
}

// constraintTerms calls add with the type of every term of the type set
// that the constraint iface spells out (unions and embedded types,
// through embedded interfaces).
func constraintTerms(iface *types.Interface, add func(types.Type), depth int) {
	if depth > 8 {
		return
	}
	for i := range iface.NumEmbeddeds() {
		switch e := iface.EmbeddedType(i).(type) {
		case *types.Union:
			for j := range e.Len() {
				if ii, ok := e.Term(j).Type().Underlying().(*types.Interface); ok {
					constraintTerms(ii, add, depth+1)
				} else {
					add(e.Term(j).Type())
				}
			}
		default:
			if ii, ok := e.Underlying().(*types.Interface); ok {
				constraintTerms(ii, add, depth+1)
			} else {
				add(e)
			}
		}
	}
}

// reflectAliases are the functions and methods of package reflect that
// hand out pointers into the program's memory, or values of another type
// over it, which rewritten code may then write through as that type.
var reflectAliases = map[string]bool{
	"Value.Addr": true, "Value.UnsafeAddr": true, "Value.UnsafePointer": true,
	"Value.Pointer": true, "Value.Convert": true, "NewAt": true,
}

// reflectAlias marks every field when the selector x names one of
// reflectAliases (called or as a method value).
func (f *fieldFlags) reflectAlias(x *ast.SelectorExpr) {
	var obj types.Object
	if s := f.info.Selections[x]; s != nil {
		obj = s.Obj()
	} else {
		obj = f.info.Uses[x.Sel]
	}
	fn, ok := obj.(*types.Func)
	if !ok || fn.Pkg() == nil || fn.Pkg().Path() != "reflect" {
		return
	}
	name := fn.Name()
	if sig, ok := fn.Type().(*types.Signature); ok && sig.Recv() != nil {
		name = "Value." + name
		if types.TypeString(sig.Recv().Type(), nil) != "reflect.Value" {
			return
		}
	}
	if reflectAliases[name] {
		f.any = true
	}
}

// writeKeys returns the file's write keys, sorted, AnyField among them
// when some write may write any field.
func (f *fieldFlags) writeKeys() []string {
	keys := make([]string, 0, len(f.written)+1)
	for k := range f.written {
		keys = append(keys, k)
	}
	if f.any {
		keys = append(keys, anyField)
	}
	sort.Strings(keys)
	return keys
}

// anyField is the key of rt.RegisterFields that stands for every field.
const anyField = "*"
