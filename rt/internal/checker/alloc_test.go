package checker

import (
	"reflect"
	"runtime"
	"testing"
	"time"
	"unsafe"

	"github.com/tpinstr/tpinstr/rt/internal/shadow"
)

// waitFor runs the collector until cond holds, for at most a minute (the
// finalizer and cleanup goroutines run when the scheduler lets them).
func waitFor(cond func() bool) bool {
	deadline := time.Now().Add(time.Minute)
	for !cond() {
		if time.Now().After(deadline) {
			return false
		}
		runtime.GC()
		time.Sleep(time.Millisecond)
	}
	return true
}

// TestAllocReleasesDeadObjects follows a registered object through its
// life: not pinned while it lives, held by the checker from its finalizer
// until the shadow state is released (so its memory cannot be reused
// before), freed after.
func TestAllocReleasesDeadObjects(t *testing.T) {
	root := RunBegin()
	defer RunEnd(root)
	st := global()
	freed := make(chan struct{})
	var addr uintptr
	func() {
		s := make([]float64, 1024)
		addr = uintptr(unsafe.Pointer(&s[0]))
		Alloc(unsafe.Pointer(&s[0]), 8192, reflect.TypeFor[float64]())
		WriteSlice(s, 1)
		Write(&s[100], 2)
		runtime.AddCleanup(&s[0], func(ch chan struct{}) { close(ch) }, freed)
	}()
	if !shadow.Owned(addr) || !shadow.Owned(addr+8191) {
		t.Fatal("Alloc did not register the slice")
	}
	if !waitFor(deaths.pending.Load) {
		t.Fatal("the finalizer never reported the object's death")
	}
	runtime.GC()
	runtime.GC()
	select {
	case <-freed:
		t.Fatal("the object was freed before its shadow state was released")
	default:
	}
	st.releaseDeaths()
	regMu.Lock()
	n := len(registered)
	regMu.Unlock()
	if shadow.Owned(addr) || n != 0 {
		t.Errorf("after the release: owned %v, %d registered; want false, 0", shadow.Owned(addr), n)
	}
	select {
	case <-freed:
	default:
		if !waitFor(func() bool {
			select {
			case <-freed:
				return true
			default:
				return false
			}
		}) {
			t.Fatal("the released object was never freed")
		}
	}
}

// TestAllocRegistersOnly checks which allocations Alloc registers: objects
// of at least AllocMin bytes without pointers, inside a checked run.
func TestAllocRegistersOnly(t *testing.T) {
	type withPointer struct {
		buf [2048]byte
		p   *int
	}
	type plain struct {
		a [100]int64
		b [30]struct{ x, y float32 }
	}
	tests := []struct {
		name string
		obj  unsafe.Pointer
		size uintptr
		typ  reflect.Type
		want bool
	}{
		{"floats", unsafe.Pointer(new([1024]float64)), 8192, reflect.TypeFor[[1024]float64](), true},
		{"a struct without pointers", unsafe.Pointer(new(plain)), unsafe.Sizeof(plain{}), reflect.TypeFor[plain](), true},
		{"a struct with a pointer", unsafe.Pointer(new(withPointer)), unsafe.Sizeof(withPointer{}), reflect.TypeFor[withPointer](), false},
		{"strings", unsafe.Pointer(new([128]string)), 128 * 16, reflect.TypeFor[[128]string](), false},
		{"small", unsafe.Pointer(new([64]byte)), 64, reflect.TypeFor[[64]byte](), false},
	}
	root := RunBegin()
	defer RunEnd(root)
	for _, tt := range tests {
		Alloc(tt.obj, tt.size, tt.typ)
		if got := shadow.Owned(uintptr(tt.obj)); got != tt.want {
			t.Errorf("%s: registered %v, want %v", tt.name, got, tt.want)
		}
	}
}

// TestSetFinalizerOfRegistered checks that a program can give a registered
// object a finalizer of its own, which then runs, and that the object is
// no longer registered (nothing tells the checker of its death).
func TestSetFinalizerOfRegistered(t *testing.T) {
	root := RunBegin()
	defer RunEnd(root)
	ran := make(chan struct{})
	var addr uintptr
	func() {
		obj := new([512]int32)
		addr = uintptr(unsafe.Pointer(obj))
		Alloc(unsafe.Pointer(obj), 2048, reflect.TypeFor[[512]int32]())
		SetFinalizer(obj, func(*[512]int32) { close(ran) })
	}()
	if shadow.Owned(addr) {
		t.Error("an object with the program's finalizer stays registered")
	}
	if len(kept) == 0 || uintptr(kept[len(kept)-1]) != addr {
		t.Error("the object is not kept")
	}
	kept[len(kept)-1] = nil // let it die: the program's finalizer must run
	kept = kept[:len(kept)-1]
	if !waitFor(func() bool {
		select {
		case <-ran:
			return true
		default:
			return false
		}
	}) {
		t.Fatal("the program's finalizer never ran")
	}
}

// TestSetFinalizerOfAccessedObject checks that an object the run accessed
// (and so pinned) and that the program then gives a finalizer is unpinned
// and registered: the program's finalizer runs once the object is
// unreachable, the object stays held until its shadow state is released,
// and it is freed after.
func TestSetFinalizerOfAccessedObject(t *testing.T) {
	root := RunBegin()
	defer RunEnd(root)
	st := global()
	ran := make(chan struct{})
	freed := make(chan struct{})
	var addr uintptr
	func() {
		obj := &struct {
			name *string
			n    int
		}{}
		addr = uintptr(unsafe.Pointer(obj))
		Write(&obj.n, 1)
		Read(&obj.name, 2)
		runtime.AddCleanup(obj, func(ch chan struct{}) { close(ch) }, freed)
		SetFinalizer(obj, func(any) { close(ran) })
	}()
	if !shadow.Owned(addr) {
		t.Fatal("an accessed object given a finalizer is not registered")
	}
	closed := func(ch chan struct{}) func() bool {
		return func() bool {
			select {
			case <-ch:
				return true
			default:
				return false
			}
		}
	}
	if !waitFor(closed(ran)) {
		t.Fatal("the program's finalizer never ran: the object is still pinned")
	}
	if !deaths.pending.Load() {
		t.Fatal("the wrapped finalizer did not queue the object's death")
	}
	runtime.GC()
	runtime.GC()
	if closed(freed)() {
		t.Fatal("the object was freed before its shadow state was released")
	}
	st.releaseDeaths()
	if shadow.Owned(addr) {
		t.Error("the released object is still registered")
	}
	if !waitFor(closed(freed)) {
		t.Fatal("the released object was never freed")
	}
}
