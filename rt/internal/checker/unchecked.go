package checker

import (
	"fmt"
	"sync"

	"github.com/tpinstr/tpinstr/rt/internal/report"
	"github.com/tpinstr/tpinstr/rt/internal/sites"
)

// uncheckedSites are the sites of accesses without a hook that the
// program reached (Unchecked): the rewriter could not hook them (an
// operand it cannot evaluate twice, for example), so no run checked
// them, and the verdict says so.
type uncheckedSites struct {
	mu    sync.Mutex
	seen  map[uint32]bool
	first uint32
}

// Unchecked records that the program reached the access at site, which
// has no hook.
func Unchecked(site uint32) {
	u := &global().unchecked
	u.mu.Lock()
	defer u.mu.Unlock()
	if u.seen == nil {
		u.seen = map[uint32]bool{}
		u.first = site
	}
	u.seen[site] = true
}

// clause returns what the verdict adds for the unchecked sites reached:
// "" when there are none.
func (u *uncheckedSites) clause() string {
	u.mu.Lock()
	defer u.mu.Unlock()
	if len(u.seen) == 0 {
		return ""
	}
	si := sites.Lookup(u.first)
	return fmt.Sprintf("; %s without a hook not checked (the first: %s%s)",
		report.Plural(len(u.seen), "access site"), si.Expr, at(u.first))
}
