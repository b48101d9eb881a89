package rt

import (
	"reflect"
	"sync"
	"unsafe"

	"github.com/tpinstr/tpinstr/rt/internal/checker"
	"github.com/tpinstr/tpinstr/rt/internal/shadow"
)

// Read records a read of the variable *p at site.
func Read[T any](p *T, site uint32) {
	var zero T
	checker.Access(unsafe.Pointer(p), unsafe.Sizeof(zero), false, site)
}

// Repeat reports whether a read of *p would repeat a read that the running
// task has made since its last task event and that the checker recorded,
// so that Read would change nothing. Rewritten code asks it before calling
// Read (`if !rt.Repeat(&x) { rt.Read(&x, site) }`): it is inlined where it
// is called, so that a loop that reads a table again and again pays one
// test of a bit mask per repeat instead of a call into the checker. See
// checker.Access for when it answers true.
func Repeat[T any](p *T) bool {
	var zero T
	a := uintptr(unsafe.Pointer(p))
	f := &shadow.Repeated[a>>shadow.PageShift&1]
	if a>>shadow.PageShift != f.PN || *f.Live != f.Step || a&7+unsafe.Sizeof(zero) > 8 {
		return false
	}
	want := (uint64(1)<<unsafe.Sizeof(zero) - 1) << (a & 63)
	return f.M[(a>>6)%uintptr(len(f.M))]&want == want
}

// Write records a write of the variable *p at site.
func Write[T any](p *T, site uint32) {
	var zero T
	checker.Access(unsafe.Pointer(p), unsafe.Sizeof(zero), true, site)
}

// ReadSlice records a read of every element of s at site.
func ReadSlice[E any](s []E, site uint32) {
	if len(s) == 0 {
		return
	}
	var zero E
	checker.Access(unsafe.Pointer(unsafe.SliceData(s)), uintptr(len(s))*unsafe.Sizeof(zero), false, site)
}

// RangeRead records a read of every element of s at site and returns s:
// the range expression of a loop over a slice, wrapped where it is, when
// the expression cannot be evaluated into a temporary before the loop (a
// task library's Get or a receive in it; the rewriter's rangetemp.go).
func RangeRead[S ~[]E, E any](s S, site uint32) S {
	ReadSlice(s, site)
	return s
}

// WriteSlice records a write of every element of s at site.
func WriteSlice[E any](s []E, site uint32) {
	if len(s) == 0 {
		return
	}
	var zero E
	checker.Access(unsafe.Pointer(unsafe.SliceData(s)), uintptr(len(s))*unsafe.Sizeof(zero), true, site)
}

// Alloc returns p, an object that new(T) or &T{...} has just allocated,
// after registering it with the checker when it is at least 1 KiB and
// holds no pointers: the checker then learns when the object dies and
// forgets its accesses, instead of keeping it alive until the run forgets
// them (see checker/alloc.go). Rewritten code wraps such allocations in it.
func Alloc[T any](p *T) *T {
	var zero T
	if unsafe.Sizeof(zero) >= checker.AllocMin {
		checker.Alloc(unsafe.Pointer(p), unsafe.Sizeof(zero), reflect.TypeFor[T]())
	}
	return p
}

// AllocSlice returns s, a slice that make has just allocated, after
// registering its backing array as Alloc does.
func AllocSlice[S ~[]E, E any](s S) S {
	var zero E
	if size := uintptr(cap(s)) * unsafe.Sizeof(zero); size >= checker.AllocMin {
		checker.Alloc(unsafe.Pointer(unsafe.SliceData(s)), size, reflect.TypeFor[E]())
	}
	return s
}

// SetFinalizer is runtime.SetFinalizer for rewritten code, which calls it
// instead: the checker may have given obj a finalizer of its own (Alloc),
// which it takes off first.
func SetFinalizer(obj, finalizer any) { checker.SetFinalizer(obj, finalizer) }

// ReadMap records a read of the map m (the whole map is one location, as in
// Go's race detector) at site. A nil map is never written, so reading it
// cannot race.
func ReadMap[M ~map[K]V, K comparable, V any](m M, site uint32) {
	if p := mapPointer(m); p != nil {
		checker.Access(p, 1, false, site)
	}
}

// WriteMap records a write of the map m at site.
func WriteMap[M ~map[K]V, K comparable, V any](m M, site uint32) {
	if p := mapPointer(m); p != nil {
		checker.Access(p, 1, true, site)
	}
}

// mapPointer returns the pointer that a map value holds: maps are reference
// types whose value is one pointer to the runtime's map header.
func mapPointer[M ~map[K]V, K comparable, V any](m M) unsafe.Pointer {
	return *(*unsafe.Pointer)(unsafe.Pointer(&m))
}

// At returns h unchanged after recording site as the site of the next
// task-library call (Run, Async, Finish, NewFuture, Get, Isolated, ForAll,
// ForAsync). Rewritten code wraps the handle of every such call in it:
//
//	t.Async(f)            →  rt.At(t, 12).Async(f)
//	task.NewFuture(t, f)  →  task.NewFuture(rt.At(t, 13), f)
//	task.Run(f)           →  task.Run(rt.At(f, 14))
func At[H any](h H, site uint32) H {
	checker.SetPendingSite(site)
	return h
}

// Result returns v. The rewriter wraps the last result of a return
// statement in it when hooks must run after the statement's task-library
// call, synchronisation or call, and before the function returns:
//
//	return f.Get() + n.v  →  return rt.Result(f.Get()+n.v, func() bool { rt.Read(&n.v, 7); return true }())
//
// Go evaluates the calls of the statement in lexical order, so the hooks,
// in the call of the last argument, run after every call of the results.
func Result[T any](v T, _ bool) T { return v }

// ReadField returns p after recording, when p is not nil, a read at site
// of the field of *p named name (promoted through embedded structs, not
// through embedded pointers). Rewritten code wraps in it the value of a
// call whose field it reads when the call cannot be moved before the
// statement to name the field (s.Current().Version in a composite
// literal after other calls): the read is recorded as the call returns,
// right before the field is loaded.
func ReadField[P ~*E, E any](p P, name string, site uint32) P {
	if p != nil {
		off, size := fieldOf[E](name)
		checker.Access(unsafe.Add(unsafe.Pointer(p), off), size, false, site)
	}
	return p
}

// WriteField is ReadField for a write of the field.
func WriteField[P ~*E, E any](p P, name string, site uint32) P {
	if p != nil {
		off, size := fieldOf[E](name)
		checker.Access(unsafe.Add(unsafe.Pointer(p), off), size, true, site)
	}
	return p
}

// ReadIndex returns s after recording, when i is an index of s, a read at
// site of s[i]. Rewritten code wraps in it the value of a call (or a
// receive) whose element it reads when the call cannot be moved before
// the statement to name the element (h() + items()[i], or f.Get()[3],
// whose Get the rewriter changes in place): the read is recorded as the
// call returns, right before the element is loaded. An index out of
// range records nothing: the indexing then panics.
func ReadIndex[S ~[]E, E any](s S, i int, site uint32) S {
	if 0 <= i && i < len(s) {
		var zero E
		checker.Access(unsafe.Pointer(&s[i]), unsafe.Sizeof(zero), false, site)
	}
	return s
}

// WriteIndex is ReadIndex for a write of the element.
func WriteIndex[S ~[]E, E any](s S, i int, site uint32) S {
	if 0 <= i && i < len(s) {
		var zero E
		checker.Access(unsafe.Pointer(&s[i]), unsafe.Sizeof(zero), true, site)
	}
	return s
}

// ReadMapIndex returns m after recording a read of it at site (ReadMap):
// ReadIndex for a map indexed in place.
func ReadMapIndex[M ~map[K]V, K comparable, V any](m M, site uint32) M {
	ReadMap(m, site)
	return m
}

// WriteMapIndex is ReadMapIndex for a write of the map.
func WriteMapIndex[M ~map[K]V, K comparable, V any](m M, site uint32) M {
	WriteMap(m, site)
	return m
}

// fieldKey names a field of a struct type.
type fieldKey struct {
	t    reflect.Type
	name string
}

// fields caches the offsets and sizes of the fields ReadField and
// WriteField have looked up.
var fields sync.Map // fieldKey → [2]uintptr

// fieldOf returns the offset in E and the size of E's field name.
func fieldOf[E any](name string) (off, size uintptr) {
	t := reflect.TypeFor[E]()
	k := fieldKey{t, name}
	if v, ok := fields.Load(k); ok {
		a := v.([2]uintptr)
		return a[0], a[1]
	}
	f, ok := t.FieldByName(name)
	if !ok {
		panic("tpinstr: no field " + name + " in " + t.String())
	}
	st := t
	for _, i := range f.Index {
		sf := st.Field(i)
		off += sf.Offset
		st = sf.Type
	}
	size = f.Type.Size()
	fields.Store(k, [2]uintptr{off, size})
	return off, size
}

// Unchecked tells the checker that the program reached an access at
// site that the rewriter could not give a hook (instrument's unchecked):
// the run's verdict names the first such site and counts them, as what it
// checked does not cover those accesses.
func Unchecked(site uint32) { checker.Unchecked(site) }
