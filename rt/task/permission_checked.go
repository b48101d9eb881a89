//go:build tpinstr

package task

import (
	"runtime"
	"unsafe"

	"github.com/tpinstr/tpinstr/rt/internal/checker"
)

// The checked build of the permission regions: every call reports the
// region to the checker (rt/internal/checker), which keeps what each task
// holds, records each acquire as one access of the region with the race
// detector and reports misuse (see the checker's permission.go). The
// functions are not inlined, so that the return address that names the
// call in reports is the user's.

// AcquireR acquires a read permission on *p for task t until the matching
// ReleaseR. Checked: a write permission or a write of *p by a task that may
// run in parallel with t is reported as a determinacy race.
//
//go:noinline
func AcquireR[V any](t *T, p *V) {
	_ = *p // a nil p panics, as in every build
	t.permission("AcquireR", unsafe.Pointer(p), unsafe.Sizeof(*p), false, true)
}

// ReleaseR releases a read permission on *p that t acquired with AcquireR.
// Checked: a release that matches no held permission is reported.
//
//go:noinline
func ReleaseR[V any](t *T, p *V) {
	_ = *p // a nil p panics, as in every build
	t.permission("ReleaseR", unsafe.Pointer(p), unsafe.Sizeof(*p), false, false)
}

// AcquireW acquires a write permission on *p for task t until the matching
// ReleaseW. Checked: any permission on *p, or access of it, by a task that
// may run in parallel with t is reported as a determinacy race.
//
//go:noinline
func AcquireW[V any](t *T, p *V) {
	_ = *p // a nil p panics, as in every build
	t.permission("AcquireW", unsafe.Pointer(p), unsafe.Sizeof(*p), true, true)
}

// ReleaseW releases a write permission on *p that t acquired with AcquireW.
//
//go:noinline
func ReleaseW[V any](t *T, p *V) {
	_ = *p // a nil p panics, as in every build
	t.permission("ReleaseW", unsafe.Pointer(p), unsafe.Sizeof(*p), true, false)
}

// AcquireRangeR acquires a read permission on s[lo:hi] for task t.
//
//go:noinline
func AcquireRangeR[E any](t *T, s []E, lo, hi int) {
	p, size := rangeOf(s, lo, hi)
	t.permission("AcquireRangeR", p, size, false, true)
}

// ReleaseRangeR releases a read permission on s[lo:hi] that t acquired
// with AcquireRangeR on the same elements.
//
//go:noinline
func ReleaseRangeR[E any](t *T, s []E, lo, hi int) {
	p, size := rangeOf(s, lo, hi)
	t.permission("ReleaseRangeR", p, size, false, false)
}

// AcquireRangeW acquires a write permission on s[lo:hi] for task t.
//
//go:noinline
func AcquireRangeW[E any](t *T, s []E, lo, hi int) {
	p, size := rangeOf(s, lo, hi)
	t.permission("AcquireRangeW", p, size, true, true)
}

// ReleaseRangeW releases a write permission on s[lo:hi] that t acquired
// with AcquireRangeW on the same elements.
//
//go:noinline
func ReleaseRangeW[E any](t *T, s []E, lo, hi int) {
	p, size := rangeOf(s, lo, hi)
	t.permission("ReleaseRangeW", p, size, true, false)
}

// rangeOf returns the address and size in bytes of s[lo:hi], panicking as
// the other builds do when the range is not within len(s).
func rangeOf[E any](s []E, lo, hi int) (unsafe.Pointer, uintptr) {
	s = s[lo:hi:len(s)]
	var zero E
	return unsafe.Pointer(unsafe.SliceData(s)), uintptr(len(s)) * unsafe.Sizeof(zero)
}

// permission reports the permission call op of task t on the size bytes at
// p to the checker. Like every call of the checked build, it panics when t is not
// the running task's handle. Its caller is the exported function, whose
// caller is the user's code: the return address two frames up names the
// call.
//
//go:noinline
func (t *T) permission(op string, p unsafe.Pointer, size uintptr, write, acquire bool) {
	t.check(op)
	var pcs [1]uintptr
	runtime.Callers(3, pcs[:])
	if acquire {
		checker.AcquirePermission(op, p, size, write, pcs[0])
	} else {
		checker.ReleasePermission(op, p, size, write, pcs[0])
	}
}
