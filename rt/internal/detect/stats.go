//go:build tpstats

package detect

import (
	"fmt"
	"os"
	"sync/atomic"
)

// Counts of the detector's work, kept only in builds with the tpstats tag
// (for measurements: `tpinstr build -tags tpstats`), and written when a
// main task ends to the file that the environment variable TPINSTR_STATS
// names, as one line of totals since the process started.
var (
	statHooks atomic.Uint64 // accesses the detector was given
	statSeen  atomic.Uint64 // reads a page filter stood for (seen.go)
	statQuick atomic.Uint64 // accesses quick recorded
	statFull  atomic.Uint64 // accesses that took the out-of-line path
	statCells atomic.Uint64 // full checks of one cell (Algorithms 8 and 9)
	statWhole atomic.Uint64 // runs of words checked at once (whole pages among them)
)

const statsOn = true

func stat(c *atomic.Uint64) { c.Add(1) }

// writeStats writes the totals to the file TPINSTR_STATS names, if any.
func writeStats() {
	name := os.Getenv("TPINSTR_STATS")
	if name == "" {
		return
	}
	line := fmt.Sprintf("hooks=%d seen=%d quick=%d full=%d cells=%d whole=%d\n",
		statHooks.Load(), statSeen.Load(), statQuick.Load(), statFull.Load(), statCells.Load(), statWhole.Load())
	_ = os.WriteFile(name, []byte(line), 0o644)
}
