package dtrg

// answers remembers recent answers of PrecedeStep, so that a program that
// reads what a few other tasks wrote searches the graph once per pair of a
// step and a task instead of once per access. It is a direct-mapped table
// indexed by a hash of the pair; a slot holds the latest answer for one
// pair.
//
// An answer is about a step s and the current step of the running task b,
// and it stays true for longer than the step of b it was asked at:
//
//   - Positive answers are permanent: if s precedes b's current step, it
//     precedes every later step of b, since b's steps are ordered.
//   - Negative answers hold until the next join. A step of b gains
//     predecessors only through a join made by b (a get, or the end of one
//     of b's finish scopes); spawning and ending tasks add no edge into
//     b's continuation. So while no join has happened since the answer
//     (epoch unchanged), b's current step has the predecessors it had.
//
// Steps and task ids are never reused while the graph lives, so a slot
// cannot answer for a different pair.
type answers struct {
	slots *[1 << answerBits]answer
	epoch uint32 // 1 + joins so far (mod 2^32, skipping 0): bumped by every Get and Merge
	// given are the pairs whose bounded search (PrecedeStepWithin) gave
	// up, and with what budget. Such a pair is not known to be ordered
	// until the next join: b's current step gains predecessors only
	// through a join, and before one a search with no larger budget
	// would give up again or find no path (which the caller takes the
	// same way). A separate table, so that PrecedeStep, whose negative
	// answers report races, never reads one of these as an answer.
	given *[1 << answerBits]gaveUp
}

// gaveUp is one remembered search that gave up, for the pair key within
// budget, while epoch was the table's.
type gaveUp struct {
	key    uint64
	epoch  uint32
	budget int32
}

// answer is one remembered PrecedeStep result for the pair key = s<<32 | b:
// positive when epoch is 0, else negative and valid while epoch is the
// table's.
type answer struct {
	key   uint64
	epoch uint32
}

const answerBits = 12

func newAnswers() answers {
	return answers{slots: new([1 << answerBits]answer), given: new([1 << answerBits]gaveUp), epoch: 1}
}

// join records that a join happened: negative answers are stale.
func (c *answers) join() {
	c.epoch++
	if c.epoch == 0 { // wrapped: forget the negative answers
		for i := range c.slots {
			if c.slots[i].epoch != 0 {
				c.slots[i] = answer{}
			}
		}
		*c.given = [1 << answerBits]gaveUp{}
		c.epoch = 1
	}
}

// gaveUpSlot returns the slot of (s, b) in the table of searches that gave
// up.
func (c *answers) gaveUpSlot(s Step, b Task) *gaveUp {
	return &c.given[(s*0x9E3779B1^b*0x85EBCA77)>>(32-answerBits)]
}

// gaveUpBefore reports whether a search for (s, b) with at least budget
// gave up since the last join.
func (c *answers) gaveUpBefore(s Step, b Task, budget int) bool {
	u := c.gaveUpSlot(s, b)
	return u.key == key(s, b) && u.epoch == c.epoch && int(u.budget) >= budget
}

// storeGaveUp remembers that a search for (s, b) within budget gave up.
func (c *answers) storeGaveUp(s Step, b Task, budget int) {
	*c.gaveUpSlot(s, b) = gaveUp{key: key(s, b), epoch: c.epoch, budget: int32(min(budget, 1<<31-1))}
}

// slot returns the slot of the pair (s, b): a multiplicative hash, so that
// the pairs of neighbouring ids spread over the table.
func (c *answers) slot(s Step, b Task) *answer {
	return &c.slots[(s*0x9E3779B1^b*0x85EBCA77)>>(32-answerBits)]
}

func key(s Step, b Task) uint64 { return uint64(s)<<32 | uint64(b) }

// store remembers the answer yes for (s, b).
func (c *answers) store(s Step, b Task, yes bool) {
	e := c.epoch
	if yes {
		e = 0
	}
	*c.slot(s, b) = answer{key: key(s, b), epoch: e}
}
