package rt

import (
	"reflect"
	"runtime"
	"sync"

	"github.com/tpinstr/tpinstr/rt/internal/checker"
)

// Locker is sync.Locker, named by rewritten code that binds a method value
// of an interface embedding sync.Locker (l.Lock, where l is of a type
// other than sync.Locker itself): the generic helper that binds it is
// instantiated with this type, so that the hook LockerLock, whose first
// parameter is a sync.Locker, is the helper's function argument.
type Locker = sync.Locker

// rlockerType is the dynamic type of the sync.Locker that
// (*sync.RWMutex).RLocker returns: its Lock and Unlock are the RWMutex's
// RLock and RUnlock.
var rlockerType = reflect.TypeOf(new(sync.RWMutex).RLocker())

// lockerLock locks l at site, for LockerLock: a *sync.Mutex or
// *sync.RWMutex through its hook, an RLocker through RWMutexRLock, and a
// pointer to a struct whose Lock is promoted from an embedded Mutex or
// RWMutex through that mutex's hook, each with the access of the mutex
// that the operation makes (see above: the RWMutex's read comes first);
// any other Locker by its own method, whose body, when rewritten, has
// hooks of its own.
func lockerLock(l sync.Locker, site uint32) {
	switch m := l.(type) {
	case *sync.Mutex:
		MutexLock(m, site)
	case *sync.RWMutex:
		Read(m, site)
		RWMutexLock(m, site)
	default:
		if rw := rlockerOf(l); rw != nil {
			Read(rw, site)
			RWMutexRLock(rw, site)
			return
		}
		if m := promotedMutex(l, "Lock"); m != nil {
			lockerLock(m, site)
			return
		}
		l.Lock()
	}
}

// lockerUnlock unlocks l at site, for LockerUnlock, as lockerLock locks.
func lockerUnlock(l sync.Locker, site uint32) {
	switch m := l.(type) {
	case *sync.Mutex:
		MutexUnlock(m, site)
	case *sync.RWMutex:
		Read(m, site)
		RWMutexUnlock(m, site)
	default:
		if rw := rlockerOf(l); rw != nil {
			Read(rw, site)
			RWMutexRUnlock(rw, site)
			return
		}
		if m := promotedMutex(l, "Unlock"); m != nil {
			lockerUnlock(m, site)
			return
		}
		l.Unlock()
	}
}

// rlockerOf returns the RWMutex whose RLocker l is, or nil. The RLocker
// is a pointer to the RWMutex converted to an unexported type of package
// sync, so the interface's data word is the RWMutex's address.
func rlockerOf(l sync.Locker) *sync.RWMutex {
	if l == nil || reflect.TypeOf(l) != rlockerType {
		return nil
	}
	return (*sync.RWMutex)(reflect.ValueOf(l).UnsafePointer())
}

// How the operations of a mutex access it, as Go's race detector sees
// them. Mutex.Lock, a TryLock that succeeds and Unlock update the mutex's
// state word with atomic operations (sync/atomic's CompareAndSwapInt32 and
// AddInt32), which the detector records as atomic writes: they race with
// a plain read of the mutex (mu2 := s.mu, or a copy of the struct that
// holds it) and with a plain write (s.mu = sync.Mutex{}), not with one
// another. In a checked run of goroutines the hooks MutexLock, MutexUnlock
// and MutexTryLock record a write of the mutex while the goroutine holds
// it: after Lock acquires, before Unlock releases, so that the writes of
// the mutex's own operations are ordered by the mutex and race only with
// the program's plain accesses of it. The sections of a Mutex that only
// read are not ordered among themselves (goexec's readonly.go): their
// Lock and Unlock record an isolated write (checker.MutexWord), which
// races with plain accesses and not with the others. A TryLock that fails records
// nothing, as for the detector, whose failed CompareAndSwap races with no
// read. Inside a run of tasks (which does not order tasks by mutexes) the
// hooks record a read before the operation instead (taskRead), which
// races with plain writes only.
//
// The operations of an RWMutex make plain reads of its inner mutex's state
// (the race-detector build of package sync reads rw.w.state before each,
// and does the rest with the detector disabled): they race with a plain
// write of the RWMutex and with nothing else. The rewriter hooks that read
// before a direct call (syncaccess.go); the hooks below make it for an
// operation that runs later than where it appears: a deferred call
// (defer rw.Unlock()), a method value (f := rw.RUnlock) and a method
// expression ((*sync.RWMutex).Lock). Each reads the RWMutex and then calls
// the hook of the operation.

// taskRead records the read of m that a Mutex operation makes in a run of
// tasks, where the hooks do not enter a run of goroutines; it records
// nothing in a run of goroutines (whose hooks write m) and outside runs.
func taskRead(m *sync.Mutex, site uint32) {
	if checker.RunningGoExec() == nil {
		Read(m, site)
	}
}

// RWMutexLockRead is RWMutexLock after the read of m.
func RWMutexLockRead(m *sync.RWMutex, site uint32) { Read(m, site); RWMutexLock(m, site) }

// RWMutexUnlockRead is RWMutexUnlock after the read of m.
func RWMutexUnlockRead(m *sync.RWMutex, site uint32) { Read(m, site); RWMutexUnlock(m, site) }

// RWMutexTryLockRead is RWMutexTryLock after the read of m.
func RWMutexTryLockRead(m *sync.RWMutex, site uint32) bool {
	Read(m, site)
	return RWMutexTryLock(m, site)
}

// RWMutexRLockRead is RWMutexRLock after the read of m.
func RWMutexRLockRead(m *sync.RWMutex, site uint32) { Read(m, site); RWMutexRLock(m, site) }

// RWMutexRUnlockRead is RWMutexRUnlock after the read of m.
func RWMutexRUnlockRead(m *sync.RWMutex, site uint32) { Read(m, site); RWMutexRUnlock(m, site) }

// RWMutexTryRLockRead is RWMutexTryRLock after the read of m.
func RWMutexTryRLockRead(m *sync.RWMutex, site uint32) bool {
	Read(m, site)
	return RWMutexTryRLock(m, site)
}

// promotedMutex returns the *sync.Mutex or *sync.RWMutex whose method
// (Lock or Unlock) l's method is, when l is a pointer to a struct that
// does not declare the method but has it promoted from an embedded Mutex
// or RWMutex (struct{ sync.Mutex; ... }, or deeper through embedded
// structs and pointers); otherwise nil, and l's own method runs (as it
// does when an embedded pointer on the way is nil, and panics).
//
// The path to the mutex depends on the type only, and is found once per
// type and method (promotedPaths).
func promotedMutex(l sync.Locker, name string) sync.Locker {
	v := reflect.ValueOf(l)
	if v.Kind() != reflect.Pointer || v.IsNil() {
		return nil
	}
	key := pathKey{v.Type(), name}
	path, ok := promotedPaths.Load(key)
	if !ok {
		path, _ = promotedPaths.LoadOrStore(key, findPromoted(v.Type(), name))
	}
	steps := path.([]embedStep)
	if steps == nil {
		return nil
	}
	v = v.Elem()
	for _, st := range steps {
		v = v.Field(st.field)
		if st.ptr {
			if v.IsNil() {
				return nil
			}
			v = v.Elem()
		}
	}
	switch v.Type() {
	case mutexType:
		return (*sync.Mutex)(v.Addr().UnsafePointer())
	case rwmutexType:
		return (*sync.RWMutex)(v.Addr().UnsafePointer())
	}
	return nil
}

// pathKey names the method name of the type t.
type pathKey struct {
	t    reflect.Type
	name string
}

// promotedPaths caches findPromoted by pathKey: a []embedStep, nil when
// the method is not a Mutex's or RWMutex's.
var promotedPaths sync.Map

// embedStep is one embedded field on the way to a promoted mutex: the
// field's index, and whether it is a pointer to follow.
type embedStep struct {
	field int
	ptr   bool
}

// findPromoted returns the embedded fields from *T (t is the pointer type)
// to the Mutex or RWMutex whose method name t's method is, or nil.
//
// The compiler generates the method of a promoted method in no file
// ("<autogenerated>"); a method that the program declares has its file.
// The field is the shallowest embedded field that has the method, as in
// Go's selector rules: a level at which two fields have it, or at which
// the field's type declares it, gives nil.
func findPromoted(t reflect.Type, name string) []embedStep {
	if t.Kind() != reflect.Pointer || t.Elem().Kind() != reflect.Struct {
		return nil
	}
	if !autogenerated(t, name) || declared(t.Elem(), name) {
		return nil
	}
	type node struct {
		t    reflect.Type // a struct type
		path []embedStep
	}
	level := []node{{t.Elem(), nil}}
	for len(level) > 0 {
		var found []embedStep
		var foundType reflect.Type
		n := 0
		var next []node
		for _, s := range level {
			for i := 0; i < s.t.NumField(); i++ {
				f := s.t.Field(i)
				if !f.Anonymous {
					continue
				}
				ft, ptr := f.Type, false
				if ft.Kind() == reflect.Pointer {
					ft, ptr = ft.Elem(), true
				}
				if _, ok := reflect.PointerTo(ft).MethodByName(name); !ok {
					continue
				}
				n++
				path := append(append([]embedStep(nil), s.path...), embedStep{i, ptr})
				found, foundType = path, ft
				if ft == mutexType || ft == rwmutexType {
					continue
				}
				if ft.Kind() != reflect.Struct || !autogenerated(reflect.PointerTo(ft), name) || declared(ft, name) {
					return nil // the method is the embedded type's own
				}
				next = append(next, node{ft, path})
			}
		}
		if n > 1 {
			return nil
		}
		if n == 1 && (foundType == mutexType || foundType == rwmutexType) {
			return found
		}
		level = next
	}
	return nil
}

var (
	mutexType   = reflect.TypeFor[sync.Mutex]()
	rwmutexType = reflect.TypeFor[sync.RWMutex]()
)

// autogenerated reports whether the method name of t is one the compiler
// generated: a promoted method, or the pointer form of a value method.
func autogenerated(t reflect.Type, name string) bool {
	m, ok := t.MethodByName(name)
	if !ok {
		return false
	}
	f := runtime.FuncForPC(m.Func.Pointer())
	if f == nil {
		return false
	}
	file, _ := f.FileLine(f.Entry())
	return file == "<autogenerated>"
}

// declared reports whether t declares the method name with a value
// receiver: t's own method set has it, and not as a promoted method.
func declared(t reflect.Type, name string) bool {
	_, ok := t.MethodByName(name)
	return ok && !autogenerated(t, name)
}
