package rt

import (
	"unsafe"

	"github.com/tpinstr/tpinstr/rt/internal/checker"
	"github.com/tpinstr/tpinstr/rt/internal/goexec"
)

// AtomicAddAt is AtomicAt for an atomic Add whose result is not used (an
// expression statement: atomic.AddInt64(&n, 1), n.Add(1)). Such Adds
// commute with one another: their orders are not explored, and they do
// not order one another, as every order of them gives the same run; each
// is ordered after the last other atomic operation on the word and before
// the next (see rt/internal/goexec, commute.go).
func AtomicAddAt[T any](p *T, site uint32) *T { return atomicUpdateAt(p, goexec.UpdateAdd, site) }

// AtomicAndAt is AtomicAddAt for an atomic And whose result is not used.
func AtomicAndAt[T any](p *T, site uint32) *T { return atomicUpdateAt(p, goexec.UpdateAnd, site) }

// AtomicOrAt is AtomicAddAt for an atomic Or whose result is not used.
func AtomicOrAt[T any](p *T, site uint32) *T { return atomicUpdateAt(p, goexec.UpdateOr, site) }

func atomicUpdateAt[T any](p *T, op goexec.UpdateOp, site uint32) *T {
	if gx, l := enter(site); gx != nil {
		defer gx.Exit(l)
		gx.AtomicUpdate(unsafe.Pointer(p), op, func() {
			var zero T
			checker.UpdateAccess(unsafe.Pointer(p), unsafe.Sizeof(zero), site)
		}, site)
	}
	return p
}
