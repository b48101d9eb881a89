package checker

import (
	"slices"
	"unsafe"
)

// region is one permission that a task holds: a read or write permission
// on the bytes [lo, hi), from one acquire until the release that matches
// it. A task's regions may overlap and nest: a read acquire inside a write
// region, or a write acquire over a read region (the upgrade of the
// paper's Figure 7), each adds a region of its own.
type region struct {
	lo, hi uintptr
	pin    unsafe.Pointer // the address lo, kept alive while the region is held
	write  bool
	site   uint32 // where it was acquired

	// When the region was last recorded with the detector, and whether
	// inside an Isolated body: see permAccess.
	rec    permStep
	recIso bool
}

// regions are the permissions that one task holds, in the order of their
// acquires. Tasks hold few at a time, so lookups are linear scans, with a
// hint for the region that contained the previous access.
type regions []region

// add appends r.
func (rs *regions) add(r region) { *rs = append(*rs, r) }

// remove drops the region at index i.
func (rs *regions) remove(i int) { *rs = slices.Delete(*rs, i, i+1) }

// match returns the index of the most recent region of mode write on
// exactly [lo, hi), or -1: a release must match an acquire of the same
// mode and range.
func (rs regions) match(lo, hi uintptr, write bool) int {
	for i := len(rs) - 1; i >= 0; i-- {
		if r := rs[i]; r.lo == lo && r.hi == hi && r.write == write {
			return i
		}
	}
	return -1
}

// contains reports whether r lets its holder make an access of the bytes
// [lo, hi), a write when write is true: every region allows reads, write
// regions allow writes.
func (r *region) contains(lo, hi uintptr, write bool) bool {
	return r.lo <= lo && hi <= r.hi && r.lo < r.hi && (r.write || !write)
}

// cover looks for a region that allows the access of [lo, hi), trying
// index hint first. It returns its index, or -1; in that case, for a write,
// it also returns the index of a read region that overlaps the access (a
// write under a read permission), or -1.
func (rs regions) cover(lo, hi uintptr, write bool, hint int) (ok, underRead int) {
	if hint < len(rs) && rs[hint].contains(lo, hi, write) {
		return hint, -1
	}
	underRead = -1
	for i := range rs {
		r := &rs[i]
		if r.contains(lo, hi, write) {
			return i, -1
		}
		if write && !r.write && r.lo < hi && lo < r.hi {
			underRead = i
		}
	}
	return -1, underRead
}
