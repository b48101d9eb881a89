//go:build !tpinstr

package task

// Permission regions (the gradual permissions of Mercer, Anderson, Vrvilo
// and Sarkar, ASE 2015, section IV) declare how a task uses shared memory:
// between AcquireR(t, &x) and ReleaseR(t, &x) task t only reads x, between
// AcquireW and ReleaseW it may write x. The checked build (tpinstr) checks
// the declarations: two tasks that may run in parallel must not hold
// conflicting permissions on one location (two writes, or a read and a
// write), and a task must release what it acquired, nothing else, and
// write only where it holds a write permission. For that check a region
// counts as held at its acquire, at its release, and wherever its task
// uses it in between, and conflicts with another task's region or access
// when one of those points may run in parallel with it, in any schedule
// of the input. Inside a region the
// checker records the region once instead of every access, which makes
// long runs of accesses to the same data cheap to check. With
// TPINSTR=permissions=strict it also reports every access, made outside
// regions and Isolated bodies, to a location that two tasks access: the
// sharing left to annotate.
//
// In this build (the parallel runtime and the serial elision) the calls do
// nothing beyond the checks that Go makes when it dereferences the pointer
// or slices the slice: a nil pointer or a range outside the slice panics,
// as it does in every build.

// AcquireR acquires a read permission on *p for task t: until the matching
// ReleaseR, t may read *p, and a task that may run in parallel with t must
// not hold a write permission on it or write it. Permissions nest: a task
// may acquire a permission it already holds, and releases each acquire
// once. A write permission implies a read permission.
//
// Only the checked build (tpinstr) checks permissions; here AcquireR does
// nothing but panic when p is nil.
func AcquireR[V any](t *T, p *V) { _ = *p }

// ReleaseR releases a read permission on *p that task t acquired with
// AcquireR. A release must match an acquire of the same task, mode and
// location that has not been released. Here it does nothing but panic
// when p is nil.
func ReleaseR[V any](t *T, p *V) { _ = *p }

// AcquireW acquires a write permission on *p for task t: until the
// matching ReleaseW, t may read and write *p, and a task that may run in
// parallel with t must not hold any permission on it or access it. A task
// that holds a read permission on *p may acquire a write permission too
// (an upgrade); each is released on its own. Here AcquireW does nothing
// but panic when p is nil.
func AcquireW[V any](t *T, p *V) { _ = *p }

// ReleaseW releases a write permission on *p that task t acquired with
// AcquireW. Here it does nothing but panic when p is nil.
func ReleaseW[V any](t *T, p *V) { _ = *p }

// AcquireRangeR acquires a read permission on the elements s[lo:hi] for
// task t, as AcquireR does for a variable. The range must lie within
// len(s); an empty range holds nothing but must still be released. Here
// AcquireRangeR does nothing but panic when the range is out of bounds.
func AcquireRangeR[E any](t *T, s []E, lo, hi int) { _ = s[lo:hi:len(s)] }

// ReleaseRangeR releases a read permission on s[lo:hi] that task t
// acquired with AcquireRangeR on the same elements: a release must match
// an acquire's range exactly. Here it does nothing but panic when the
// range is out of bounds.
func ReleaseRangeR[E any](t *T, s []E, lo, hi int) { _ = s[lo:hi:len(s)] }

// AcquireRangeW acquires a write permission on the elements s[lo:hi] for
// task t, as AcquireW does for a variable. Here it does nothing but panic
// when the range is out of bounds.
func AcquireRangeW[E any](t *T, s []E, lo, hi int) { _ = s[lo:hi:len(s)] }

// ReleaseRangeW releases a write permission on s[lo:hi] that task t
// acquired with AcquireRangeW on the same elements. Here it does nothing
// but panic when the range is out of bounds.
func ReleaseRangeW[E any](t *T, s []E, lo, hi int) { _ = s[lo:hi:len(s)] }
