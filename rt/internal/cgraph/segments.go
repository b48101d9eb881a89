package cgraph

import (
	"slices"

	"github.com/tpinstr/tpinstr/rt/internal/event"
)

// segment is a half-open byte range [lo, hi) of one step's read set (δ) or
// write set (ω), with the site of an access of the step that covers it.
type segment struct {
	lo, hi uintptr
	site   event.Site
}

// byteSet is δ(n) or ω(n) of the thesis as sorted, disjoint segments, so a
// step that touches a large slice costs one segment, not one entry a byte.
type byteSet []segment

// accessSets returns the read and write sets of a step. Overlapping accesses
// are merged; a byte is attributed to the access with the lowest start
// address that covers it (the earliest such access on ties), which gives
// every byte one deterministic witness site.
func accessSets(accs []Access) (reads, writes byteSet) {
	var r, w []int
	for i, a := range accs {
		if a.Write {
			w = append(w, i)
		} else {
			r = append(r, i)
		}
	}
	return normalize(accs, r), normalize(accs, w)
}

func normalize(accs []Access, idx []int) byteSet {
	if len(idx) == 0 {
		return nil
	}
	// A stable sort by start keeps execution order among equal starts.
	slices.SortStableFunc(idx, func(i, j int) int {
		switch {
		case accs[i].Addr < accs[j].Addr:
			return -1
		case accs[i].Addr > accs[j].Addr:
			return 1
		}
		return 0
	})
	var out byteSet
	var end uintptr // every byte below end is covered
	for _, i := range idx {
		a := accs[i]
		lo, hi := a.Addr, a.Addr+a.Size
		if len(out) > 0 && hi <= end {
			continue
		}
		if len(out) > 0 && lo < end {
			lo = end
		}
		if n := len(out); n > 0 && out[n-1].hi == lo && out[n-1].site == a.Site {
			out[n-1].hi = hi
		} else {
			out = append(out, segment{lo: lo, hi: hi, site: a.Site})
		}
		end = hi
	}
	return out
}

// overlap calls f for every maximal byte range common to a and b, with the
// sites that a and b attribute to it, in increasing address order.
func overlap(a, b byteSet, f func(lo, hi uintptr, sa, sb event.Site)) {
	i, j := 0, 0
	for i < len(a) && j < len(b) {
		lo := max(a[i].lo, b[j].lo)
		hi := min(a[i].hi, b[j].hi)
		if lo < hi {
			f(lo, hi, a[i].site, b[j].site)
		}
		if a[i].hi < b[j].hi {
			i++
		} else {
			j++
		}
	}
}
