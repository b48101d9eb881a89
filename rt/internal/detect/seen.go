package detect

import "github.com/tpinstr/tpinstr/rt/internal/shadow"

// Repeated reads of one step.
//
// A loop reads the same locations many times within one step: a table
// cipher reads its key schedule and S-box some hundred times per block, a
// helper called per element reads a shared coefficient slice once per
// coefficient and element, a stencil reads each row three times. In
// a program whose tasks never write such data while they share it, every
// one of those reads goes to a cell whose state it does not change: the
// reader slot keeps a read of another task (the one-async-reader rule of
// Algorithm 9) or of this step, and the check only confirms it. The shadow
// memory therefore keeps, per page, the bytes that the last step to read
// the page has read so far (shadow.Memory.Seen, Mark, Note), and the
// detector drops a non-isolated read of bytes that the current step has
// all read already, after one test of a bit mask: the page's filter costs
// one re-arming per step and page, and one full check per step and
// location, instead of one check per access.
//
// Conditions. The dropped read r2 is non-isolated, lies in one word, and
// an earlier non-isolated read r1 of the same step s covered its bytes: r1
// was checked and recorded completely (quick or access, then Mark or
// Note), and the filter is armed for s only (a step's number is never
// reused, NewAfter numbers past the old graph's, so a filter armed by a
// step before a Forget never matches a later one). Writes and isolated
// accesses are never dropped, and isolated reads mark nothing: an isolated
// read does not conflict with isolated writes, r2 does.
//
// Why no race is hidden. Let P be the program and P' the same program
// without r2. The detector's work on P with r2 dropped is its work on P',
// which it checks exactly (the package's guarantee), so it suffices that P
// and P' have the same racing bytes. P has every race of P' and those of
// r2, which races only with writes (isolated or not: r2 is neither); let w
// race with r2 on byte b, which r1 also read. r1 and r2 are of one step,
// the task's instructions between two spawns or ends (dtrg.Step), and a
// step runs without interruption in the serial execution, so w is not
// between them and is ordered the same way with both: if w ran before r1,
// it reaches r1 only if it reaches r2, since every edge into the step that
// r1 had, r2 has (a get within the step only adds edges into the rest of
// it); if w runs after r2, r1 reaches w exactly when r2 does, since both
// are in the same step and a step's successors are those of its end. So w
// races with r1 on b, a race of P'.
//
// Reports can differ from the undropped ones only in which read of the
// step they name, never in the racing bytes: a site of r1 stands for r2.
// The property test's settings "repeated reads" stress the filter with
// long bodies of reads of a small arena and gets between them.
//
// The same filter, tested before any call (shadow.Repeat, from rt's read
// hooks), drops the same reads: it answers true only where Seen in quick
// would, given the conditions ArmRepeat's callers keep.

// SeenHit reports whether a read was dropped by the filter of repeated
// reads since ArmRepeat last ran: the hint that the page the last access
// went to is being read again, so that ArmRepeat is worth its call.
func (d *Detector) SeenHit() bool { return d.seenHit }

// ArmRepeat lets rt's read hooks test the filter of the page the last
// access went to inline (shadow.Repeat), when it is armed for the running
// step. Call it after a non-isolated access of the fast path only: the
// caller answers for the conditions of quick that Repeat does not test
// (no isolated body, no slower mode of the checker), and turns the copy
// off with shadow.RepeatOff when they stop holding; the detector does so
// itself when an isolated body begins or ends (setIso). Builds that count
// the detector's work (tpstats) or leave the filter out (tpnoseen) never
// arm it, so that every hook reaches the counters.
func (d *Detector) ArmRepeat() {
	d.seenHit = false
	if !seenOn || statsOn || d.iso {
		return
	}
	d.mem.ArmRepeat(d.g.Step(), d.g.Live())
}

// setIso sets whether the running task is inside an Isolated body, and
// turns the inline copy of a filter off: isolated reads are never dropped.
func (d *Detector) setIso(iso bool) {
	d.iso = iso
	shadow.RepeatOff()
}
