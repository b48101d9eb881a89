// Package shadow is the shadow memory of the checked execution: for every
// location the program touched, who last wrote it and who read it since
// (Surendran and Sarkar, section 4.2), at byte granularity.
//
// Memory is kept per 8-byte word in 4 KiB pages indexed by address through
// a three-level table, never with a map entry per address. A word accessed
// whole has one Cell of 20 bytes (two accesses of 8 bytes: see Acc). The
// first access to part of a word splits it into sub-cells as large as that
// access allows: two 4-byte cells for an int32, four 2-byte cells for a
// uint16, eight byte cells for a byte; a later access at a finer size or
// offset splits them further. Every access so far then covered each
// sub-cell entirely or not at all, so the bytes of a sub-cell have one
// history and one cell describes each of them exactly, while two fields of
// one struct or two elements of a byte slice stay different locations.
// What a few cells need beyond one writer and one reader (more readers,
// isolated accesses) is kept apart, by index (see ext.go).
//
// A page that only accesses of whole words have touched keeps no cells but
// runs of words with one history each (runs.go), one run when only
// accesses of the whole page touched it, so that a slice hook over many
// pages costs one check per page, and a task's part of a row one check,
// while the words' histories stay the same. The cells of the others live
// outside the Go heap (cells.go).
//
// A page also keeps, while one step reads it, which of its bytes that step
// has read (seen.go), so that the detector can drop the step's repeated
// reads after one test of a bit mask.
//
// Pages also pin pointers into the objects accessed there (see Pin). The
// garbage collector therefore cannot free such an object and give its
// address to another one while the shadow state describes it; without
// allocator hooks this is what keeps two objects that would share an
// address from being taken for one location. Trim frees the pages a phase
// of the run did not use, with their pins.
package shadow

// Acc is an access recorded in shadow memory: the step of the task graph
// that made it (see dtrg.Step: a task and a time in one number) and its
// site. 8 bytes, so that a cell of two of them and an index is 20.
type Acc struct {
	Step uint32
	Site uint32
}

// Readers is a set of accesses that do not conflict with one another, as
// kept by Algorithm 9 of Surendran and Sarkar (see package detect for the
// corrections): one access in a slot of its own, which is all the set
// holds while the execution has no future, and any number of others.
type Readers struct {
	Pruned uint32 // len(More) after the last batch of removals
	One    Acc
	More   []Acc
}

// Empty reports whether r holds no access.
func (r *Readers) Empty() bool { return r.One.Step == 0 && len(r.More) == 0 }

// Clear empties r, keeping its storage.
func (r *Readers) Clear() {
	r.One = Acc{}
	r.More = r.More[:0]
	r.Pruned = 0
}

// clone returns a copy of r that shares no storage with it.
func (r *Readers) clone() Readers {
	return Readers{Pruned: r.Pruned, One: r.One, More: cloneAccs(r.More)}
}

func cloneAccs(a []Acc) []Acc {
	if len(a) == 0 {
		return nil
	}
	return append([]Acc(nil), a...)
}

// Cell is the shadow state of one location: a word, or a sub-cell of a
// split word.
type Cell struct {
	W Acc    // last non-isolated writer
	R Acc    // a non-isolated reader since W: the Readers.One of the readers
	X uint32 // 0; or where the state beyond W and R is (see ext.go); or, for a split word, splitBit | its sub-cells (see split.go)
}

// splitBit marks a Cell.X that describes a split word's sub-cells rather
// than an Ext; a split word has no state of its own, so it needs no Ext.
const splitBit = 1 << 31

// Fresh reports whether no access has touched c: every access leaves a
// step (never 0) in W or R, an Ext, or splits the word.
func (c *Cell) Fresh() bool { return c.W.Step == 0 && c.R.Step == 0 && c.X == 0 }
