package checker

import (
	"unsafe"

	"github.com/tpinstr/tpinstr/rt/internal/event"
	"github.com/tpinstr/tpinstr/rt/internal/explore"
	"github.com/tpinstr/tpinstr/rt/internal/sites"
)

// isoWatch follows the isolated sections of a serial Run until two
// sections of different tasks conflict, so that the run is explored only
// when its sections have more than one order that matters: see
// explore.IsoLog for why sections that do not conflict need no exploring.
type isoWatch struct {
	log      *explore.IsoLog
	conflict bool
	depth    int   // nesting of Isolated in the current task
	class    uint8 // the commutative class of the current section, or 0
}

func newIsoWatch() *isoWatch { return &isoWatch{log: explore.NewIsoLog()} }

// begin and end bracket an Isolated body of the current task at site.
func (w *isoWatch) begin(site uint32, commute bool) {
	w.depth++
	if w.depth == 1 {
		w.class = 0
		if commute {
			w.class = sites.Lookup(site).Commute
		}
	}
}

func (w *isoWatch) end() { w.depth-- }

// access records an access of task t inside an isolated section; the
// owners of the log are tasks, so that sections of one task, which its
// program order already orders, never conflict.
func (w *isoWatch) access(t event.Task, p unsafe.Pointer, size uintptr, write bool) {
	if w.conflict || w.depth == 0 {
		return
	}
	w.log.Add(int(t), w.class, uintptr(p), size, write, func(o int) {
		if o != int(t) {
			w.conflict = true
		}
	})
}
