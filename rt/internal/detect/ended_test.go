package detect

import (
	"testing"

	"github.com/tpinstr/tpinstr/rt/internal/event"
)

// TestEndedPrecedes checks EndedPrecedes on the segments of a run of
// goroutines as the executor builds them: futures spawned from a root,
// ended, and joined (or not) by the running one.
func TestEndedPrecedes(t *testing.T) {
	d := New(func(event.Race) {})
	d.Spawn(0, 1, false, 0) // the root
	d.Spawn(1, 2, true, 0)  // goroutine 1's segment
	d.Spawn(2, 3, true, 0)  // goroutine 2, started by 1
	d.End(3)                // goroutine 2 returns
	d.Spawn(2, 4, true, 0)  // goroutine 3, started by 1
	d.End(4)                // goroutine 3 returns, never joined
	if d.EndedPrecedes(3, 2) {
		t.Errorf("goroutine 2's end precedes goroutine 1 before any join")
	}
	d.Get(2, 3, 0) // goroutine 1 waits for goroutine 2
	if !d.EndedPrecedes(3, 2) {
		t.Errorf("goroutine 2's end does not precede goroutine 1 after the join")
	}
	if d.EndedPrecedes(4, 2) {
		t.Errorf("goroutine 3's end precedes goroutine 1, which never joined it")
	}
}
