package permission

import (
	"slices"
	"unsafe"

	"github.com/tpinstr/tpinstr/rt/internal/event"
)

// Region is one permission that a task holds: a read or write permission
// on the bytes [Lo, Hi), from one acquire until the release that matches
// it. A task's regions may overlap and nest: a read acquire inside a write
// region, or a write acquire over a read region (the upgrade of the
// paper's Figure 7), each adds a region of its own.
type Region struct {
	Lo, Hi uintptr
	Pin    unsafe.Pointer // the address Lo, kept alive while the region is held
	Write  bool
	Site   uint32 // where it was acquired

	// When the region was last recorded with the detector, and whether
	// inside an Isolated body: the checker records a region once per step
	// of its holder and lets the record stand for the holder's accesses
	// inside it (see the checker's permAccess).
	Rec    Step
	RecIso bool
}

// Step identifies a step of the running task, up to re-recording: the
// checker's generation of task ids and its next task id, which change at
// every spawn, every Run and every time the checker forgets its tasks.
type Step struct {
	Gen  uint64
	Next event.Task
}

// Regions are the permissions that one task holds, in the order of their
// acquires. Tasks hold few at a time, so lookups are linear scans, with a
// hint for the region that contained the previous access.
type Regions []Region

// Add appends r.
func (rs *Regions) Add(r Region) { *rs = append(*rs, r) }

// Remove drops the region at index i.
func (rs *Regions) Remove(i int) { *rs = slices.Delete(*rs, i, i+1) }

// Match returns the index of the most recent region of mode write on
// exactly [lo, hi), or -1: a release must match an acquire of the same
// mode and range.
func (rs Regions) Match(lo, hi uintptr, write bool) int {
	for i := len(rs) - 1; i >= 0; i-- {
		if r := rs[i]; r.Lo == lo && r.Hi == hi && r.Write == write {
			return i
		}
	}
	return -1
}

// Contains reports whether r lets its holder make an access of the bytes
// [lo, hi), a write when write is true: every region allows reads, write
// regions allow writes.
func (r *Region) Contains(lo, hi uintptr, write bool) bool {
	return r.Lo <= lo && hi <= r.Hi && r.Lo < r.Hi && (r.Write || !write)
}

// Cover looks for a region that allows the access of [lo, hi), trying
// index hint first. It returns its index, or -1; in that case, for a write,
// it also returns the index of a read region that overlaps the access (a
// write under a read permission), or -1.
func (rs Regions) Cover(lo, hi uintptr, write bool, hint int) (ok, underRead int) {
	if hint < len(rs) && rs[hint].Contains(lo, hi, write) {
		return hint, -1
	}
	underRead = -1
	for i := range rs {
		r := &rs[i]
		if r.Contains(lo, hi, write) {
			return i, -1
		}
		if write && !r.Write && r.Lo < hi && lo < r.Hi {
			underRead = i
		}
	}
	return -1, underRead
}
