package instrument

import "go/token"

// A cover stands, inside a region of a function, for the hooks of some of
// the accesses made there: a range hook placed before a loop over a slice
// (sliceloop.go), or a hook that runs once per execution of a loop
// (invariant.go). Covers are registered while the rewriter is at the loop's
// header, before the loop's body is rewritten, and are consulted by prune
// for every access whose hook is about to be placed.
type cover interface {
	// scope returns the region of the source the cover applies to.
	scope() (start, end token.Pos)
	// apply decides the fate of the hook of a, an access inside the
	// scope: coverNone leaves it alone, coverDrop removes it (the cover
	// records the access), coverGuard keeps it behind the guard apply set
	// on a (acc.fallback or acc.once).
	apply(r *fileRewriter, a *acc) coverFate
}

// coverFate is what a cover does with one hook.
type coverFate int

const (
	coverNone coverFate = iota
	coverDrop
	coverGuard
)

// covered applies the covers of the function being rewritten to a, in the
// order they were registered (outer loops before inner ones), and reports
// whether a's hook is dropped, counting it.
func (r *fileRewriter) covered(a *acc) bool {
	if r.fn == nil {
		return false
	}
	for _, c := range r.fn.covers {
		start, end := c.scope()
		if a.pos < start || a.pos >= end {
			continue
		}
		switch c.apply(r, a) {
		case coverDrop:
			r.stats.AccessSites++
			r.stats.Covered++
			return true
		case coverGuard:
			return false
		}
	}
	return false
}

// addCover registers c for the rest of the function being rewritten.
func (r *fileRewriter) addCover(c cover) {
	r.fn.covers = append(r.fn.covers, c)
}
