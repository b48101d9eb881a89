package checker

import (
	"reflect"
	"runtime"
	"sync"
	"sync/atomic"
	"unsafe"

	"github.com/tpinstr/tpinstr/rt/internal/shadow"
)

// Objects whose deaths the checker learns.
//
// The detector pins every object an access finds (shadow.Memory.Pin), so
// that no other object takes its address while its shadow state exists:
// exact, but an allocation-heavy program then keeps every object its tasks
// touched until the run forgets them. For an object registered by Alloc
// the checker learns its death instead, and clears its shadow state before
// its memory can be reused (shadow/owned.go argues why that is exact):
//
//   - Alloc registers the object with shadow.Own, so that no pin keeps it,
//     and gives it a finalizer.
//   - The garbage collector runs the finalizer once the program can no
//     longer reach the object (a finalizer resurrects its object for the
//     call). The finalizer puts the object on a queue, deaths, which
//     keeps it alive again: its memory is not reused while it waits.
//   - At the next allocation hook or task-graph event, the checker's
//     goroutine takes the queue, clears the shadow state of each object
//     (Detector.Release) and drops it from the registry and the queue. Only
//     then can the collector free it, at a later cycle.
//
// Finalizers, not cleanups or weak pointers: a cleanup runs after the
// object's memory is freed (a new object may already be there, with the
// old one's state), and a weak pointer turns nil at the same moment, when
// only polling at every access would notice it in time. A finalizer is
// the one notification the runtime gives while the memory still belongs to
// the dead object. Its costs: a finalizer per object (a few hundred
// nanoseconds, so only objects of at least AllocMin bytes are registered),
// objects freed one collection later than they would be, and the object
// must not take part in a cycle (a cycle through an object with a
// finalizer is never collected), so only objects without pointers are
// registered. A program may set a finalizer of its own on such an object:
// SetFinalizer takes the checker's off first and pins the object for the
// rest of the process, as if it had never been registered.

// AllocMin is the size from which Alloc registers an object.
const AllocMin = 1 << 10

// deaths is the queue of registered objects whose finalizers ran.
var deaths struct {
	mu      sync.Mutex
	pending atomic.Bool
	objs    []deadObject
}

type deadObject struct {
	p    unsafe.Pointer // keeps the object alive until it is released
	size uintptr
}

// kept holds the registered objects that the program gave a finalizer of
// its own (SetFinalizer): nothing tells the checker of their deaths, so
// they are pinned for the rest of the process.
var kept []unsafe.Pointer

// registered maps the address of each registered object to its size.
// SetFinalizer may be called outside checked runs, by any goroutine: regMu
// guards it.
var (
	regMu      sync.Mutex
	registered = map[uintptr]uintptr{}
)

// Alloc registers the object of size bytes that a new, a composite literal
// or a make has just allocated at p, so that its shadow state is released
// when it dies instead of the detector keeping it alive (see above). It
// does nothing outside a checked run, for objects smaller than AllocMin,
// and for objects of types with pointers (elem is the type of the object,
// or of its elements).
func Alloc(p unsafe.Pointer, size uintptr, elem reflect.Type) {
	st := theState
	if st == nil || st.cur == 0 || p == nil || size < AllocMin || hasPointers(elem) {
		return
	}
	if gx := st.gx; gx != nil {
		// In a run of goroutines, the detector is the executor's: enter it
		// as an access does (goAccess), so that a goroutine outside its
		// control waits for its turn.
		l, ok := gx.Enter(0)
		if !ok {
			return
		}
		defer gx.Exit(l)
	}
	st.releaseDeaths()
	a := uintptr(p)
	regMu.Lock()
	_, dup := registered[a]
	if !dup {
		registered[a] = size
		shadow.Own(a, size)
	}
	regMu.Unlock()
	if dup {
		return
	}
	runtime.SetFinalizer((*byte)(p), func(b *byte) {
		deaths.mu.Lock()
		deaths.objs = append(deaths.objs, deadObject{unsafe.Pointer(b), size})
		deaths.mu.Unlock()
		deaths.pending.Store(true)
	})
}

// pointerTypes caches hasPointers.
var pointerTypes = map[reflect.Type]bool{}

// hasPointers reports whether values of type t hold pointers the garbage
// collector follows.
func hasPointers(t reflect.Type) bool {
	has, ok := pointerTypes[t]
	if ok {
		return has
	}
	switch t.Kind() {
	case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
		reflect.Float32, reflect.Float64, reflect.Complex64, reflect.Complex128:
		has = false
	case reflect.Array:
		has = t.Len() > 0 && hasPointers(t.Elem())
	case reflect.Struct:
		for i := range t.NumField() {
			if hasPointers(t.Field(i).Type) {
				has = true
				break
			}
		}
	default:
		has = true
	}
	pointerTypes[t] = has
	return has
}

// releaseDeaths clears the shadow state of the registered objects that
// died and lets the collector have them.
func (st *state) releaseDeaths() {
	if !deaths.pending.Load() {
		return
	}
	deaths.mu.Lock()
	objs := deaths.objs
	deaths.objs = nil
	deaths.pending.Store(false)
	deaths.mu.Unlock()
	regMu.Lock()
	defer regMu.Unlock()
	for i, o := range objs {
		a := uintptr(o.p)
		if st.det != nil {
			st.det.Release(a, o.size)
		}
		shadow.Disown(a, o.size)
		delete(registered, a)
		objs[i] = deadObject{}
	}
}

// SetFinalizer is runtime.SetFinalizer for rewritten code. An object that
// Alloc registered loses the checker's finalizer first (a second one would
// make the runtime fail) and is pinned for the rest of the process. Any
// other object of at least minWrapped bytes that is given a finalizer in a
// checked run is registered as Alloc registers its objects, with the
// program's finalizer wrapped instead of a finalizer of the checker's: the
// wrapper puts the object on the queue of deaths (which keeps it alive
// until its shadow state is cleared) and then calls the program's
// finalizer. So the program's finalizers run as they would in the normal
// build, where pinning would keep their objects alive for good. The
// argument of Alloc holds: the finalizer runs only once the program can
// no longer reach the object. (A finalizer that makes its object reachable
// again gives it a fresh shadow state; its accesses before its death are
// ordered before the finalizer's, which the goroutine running finalizers
// makes this schedule only anyway.)
func SetFinalizer(obj, finalizer any) {
	st := theState
	if st != nil && st.gx != nil {
		// Enter the executor first, as Alloc does: it takes regMu inside.
		if l, ok := st.gx.Enter(0); ok {
			defer st.gx.Exit(l)
		}
	}
	regMu.Lock()
	defer regMu.Unlock()
	v := reflect.ValueOf(obj)
	if v.Kind() != reflect.Pointer || v.IsNil() {
		runtime.SetFinalizer(obj, finalizer) // the runtime reports the misuse
		return
	}
	p := v.UnsafePointer()
	a := uintptr(p)
	if size, ok := registered[a]; ok {
		runtime.SetFinalizer((*byte)(p), nil)
		delete(registered, a)
		shadow.Disown(a, size)
		kept = append(kept, p)
		if finalizer == nil {
			return
		}
		runtime.SetFinalizer(obj, finalizer) // under regMu: Alloc cannot register obj in between
		return
	}
	size := v.Type().Elem().Size()
	ft := reflect.TypeOf(finalizer)
	if finalizer == nil || st == nil || st.cur == 0 || st.det == nil || size < minWrapped ||
		ft.Kind() != reflect.Func || ft.NumIn() != 1 || ft.IsVariadic() {
		runtime.SetFinalizer(obj, finalizer)
		return
	}
	fin := reflect.ValueOf(finalizer)
	wrapper := reflect.MakeFunc(reflect.FuncOf([]reflect.Type{ft.In(0)}, nil, false), func(args []reflect.Value) []reflect.Value {
		// The object comes as the argument: capturing it would keep it
		// alive for good.
		dead := reflect.ValueOf(args[0].Interface()).UnsafePointer()
		deaths.mu.Lock()
		deaths.objs = append(deaths.objs, deadObject{dead, size})
		deaths.mu.Unlock()
		deaths.pending.Store(true)
		fin.Call(args)
		return nil
	})
	runtime.SetFinalizer(obj, wrapper.Interface())
	registered[a] = size
	shadow.Own(a, size)
	st.det.Unpin(a, size)
}

// minWrapped is the size from which SetFinalizer registers an object: the
// runtime's tiny allocator packs smaller objects without pointers
// together, and their finalizers may never run (runtime.SetFinalizer).
const minWrapped = 16
