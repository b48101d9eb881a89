package shadow

// Pages without cells: runs of words with one history.
//
// A task of a stencil or a blocked matrix kernel reads and writes its part
// of a row through range hooks (one hook for out[lo:hi], one per row of
// in), and its neighbours do the same with the next part. Every word of
// such a part has had the same accesses, so a page of the array is a few
// runs of words with equal cells: a run per task's part, and the words at
// the edges that a neighbour read too. Kept as cells, each access of a
// part reads and writes 20 bytes of shadow per word of it, 2.5 times the
// memory the kernel itself streams, and every page of the array costs a
// 10 KiB block of cells mapped and zeroed for it.
//
// So a page that only range accesses of whole words have touched keeps no
// cells: it keeps its words as runs, at most maxRuns of them, each a word
// range and the one cell that stands for each of its words. A page that
// accesses of whole pages alone have touched has one run. The detector checks an access against each run it overlaps once,
// with the same check it makes of each word (Run, SetRun); any other use
// of the page's words gives it its cells first (giveCells), each word the
// cell of its run. A page that has cells goes back to runs when range
// accesses keep coming and its cells are few runs of plain cells
// (compact): an array that the root task filled element by element
// before the tasks of a stencil went over it by rows.
//
// Why that is exact. The cells a page without cells stands for are the
// cells of its runs, word by word: giveCells writes exactly those, so
// every reader of cells sees what it would have seen had the page had
// cells all along, provided each change of a run is the change the words
// of the run would have had. Runs hold plain cells only (Plain: W, R and at
// most an immutable shared set of readers), whose equal values describe
// equal histories, and the detector's check of a word reads nothing but
// the word's cell, the access and the task graph (detect.Detector.span
// argues this for its repeat of a word's check on equal neighbours): the
// check of one word of a run, applied to all of the run's words in the
// access, is the check of each. When that check reports a race or leaves
// a cell that is not plain, the detector gives the page its cells and
// goes on word by word, as it does for a page with cells.

// maxRuns is the most runs a page without cells keeps; an access that
// would split it further gives it cells.
const maxRuns = 64

// runList is the runs of a page without cells when there are two or more
// (one is page.u): run k covers the words [end[k-1], end[k]), from word 0,
// and end[n-1] is wordsPerPage. Adjacent runs have different cells.
type runList struct {
	n   int
	end [maxRuns]uint16
	c   [maxRuns]Cell
}

// spareRuns is how many run lists Refill leaves ready.
const spareRuns = 16

// Run returns the cell that stands for the word holding addr, and the end
// (an address) of the run of words that cell stands for, when the page of
// addr has no cells; it creates the page without cells if it is new. ok is
// false when the page has cells. span says that the caller is checking an
// access of several words, which may bring a page with cells back to runs
// (compact) and ends a sequence of single words (OneWord).
func (m *Memory) Run(addr uintptr, span bool) (c Cell, end uintptr, ok bool) {
	p := m.find(addr>>pageShift, true)
	if span {
		p.words = 0
	}
	if !p.uni && (!span || !m.compact(p)) {
		return Cell{}, 0, false
	}
	base := addr &^ (1<<pageShift - 1)
	if p.rs == nil {
		return p.u, base + 1<<pageShift, true
	}
	rs := p.rs
	k := rs.find(int((addr >> wordShift) % wordsPerPage))
	return rs.c[k], base + uintptr(rs.end[k])<<wordShift, true
}

// OneWord reports whether an access of the one whole word at addr should be
// checked through Run and SetRun: its page exists and has no cells, and
// has not had many such accesses in a row, without an access of several
// words between them (maxOneWord). Past that the page gets cells, where
// the detector's inlined path finds them: a word at the edge of a
// stencil's part, left over from an access of the part that its step had
// made mostly already, splits a run, but a loop of single words over the
// page costs less with cells.
func (m *Memory) OneWord(addr uintptr) bool {
	pp := m.slot(addr >> pageShift)
	if pp == nil || *pp == nil || !(*pp).uni {
		return false
	}
	p := *pp
	if p.words++; p.words > maxOneWord {
		p.words = 0
		return false
	}
	return true
}

// maxOneWord is the number of single-word accesses in a row that OneWord
// lets a page without cells take before it gets cells.
const maxOneWord = 64

// SetRun makes c, a plain cell, the cell of the words from the one holding
// addr to the one holding end-1, in one page without cells (Run said so).
// When the page would need more than maxRuns runs it gets its cells
// instead, with the words of the range set to c.
func (m *Memory) SetRun(addr, end uintptr, c Cell) {
	p := m.find(addr>>pageShift, true)
	i := int((addr >> wordShift) % wordsPerPage)
	j := int(((end-1)>>wordShift)%wordsPerPage) + 1
	if i == 0 && j == wordsPerPage {
		if p.rs != nil {
			m.freeRuns(p)
		}
		p.u = c
		return
	}
	if p.rs == nil {
		if p.u == c {
			return
		}
		rs := m.newRuns()
		rs.n, rs.end[0], rs.c[0] = 1, wordsPerPage, p.u
		p.rs, p.u = rs, Cell{}
	}
	if !p.rs.set(i, j, c) {
		m.giveCells(p)
		for w := i; w < j; w++ {
			p.cells[w] = c
		}
		return
	}
	if p.rs.n == 1 {
		u := p.rs.c[0]
		m.freeRuns(p)
		p.u = u
	}
}

// find returns the run holding word w.
func (rs *runList) find(w int) int {
	lo, hi := 0, rs.n-1
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if int(rs.end[m]) <= w {
			lo = m + 1
		} else {
			hi = m
		}
	}
	return lo
}

// set makes c the cell of words [i, j), splitting and merging runs, unless
// that needs more than maxRuns runs: then it changes nothing and returns
// false. The runs that [i, j) overlaps, k0 to k1, give way to at most
// three: what k0 keeps before i, the new run, and what k1 keeps after j;
// those merge with each other and with the runs beside them when their
// cells are equal, and the runs after them move.
func (rs *runList) set(i, j int, c Cell) bool {
	k0, k1 := rs.find(i), rs.find(j-1)
	var pe [3]uint16
	var pc [3]Cell
	np := 0
	add := func(e int, x Cell) {
		if np > 0 && pc[np-1] == x {
			pe[np-1] = uint16(e)
			return
		}
		pe[np], pc[np] = uint16(e), x
		np++
	}
	if k0 > 0 && int(rs.end[k0-1]) < i || k0 == 0 && i > 0 {
		add(i, rs.c[k0])
	}
	add(j, c)
	if int(rs.end[k1]) > j {
		add(int(rs.end[k1]), rs.c[k1])
	}
	lo, hi := k0, k1+1 // the runs replaced: [lo, hi)
	if lo > 0 && rs.c[lo-1] == pc[0] {
		lo--
	}
	if hi < rs.n && rs.c[hi] == pc[np-1] {
		pe[np-1] = rs.end[hi]
		hi++
	}
	n := rs.n - (hi - lo) + np
	if n > maxRuns {
		return false
	}
	copy(rs.end[lo+np:], rs.end[hi:rs.n])
	copy(rs.c[lo+np:], rs.c[hi:rs.n])
	copy(rs.end[lo:], pe[:np])
	copy(rs.c[lo:], pc[:np])
	rs.n = n
	return true
}

// compact turns the cells of page p back into runs, and reports whether it
// did: when its cells are plain and at most maxRuns/2 runs, so that the
// accesses to come have room to split them. It looks only every so many
// calls for the page, twice as many after each look, so that a page whose
// cells stay many, or that single-word accesses keep giving cells again,
// costs a scan of its cells now and then, not at every access of a range.
func (m *Memory) compact(p *page) bool {
	if p.tries++; p.tries < max(p.wait, firstWait) {
		return false
	}
	p.tries, p.wait = 0, min(2*max(p.wait, firstWait), lastWait)
	var rs runList
	for w := range p.cells {
		c := &p.cells[w]
		if c.X&splitBit != 0 || !m.Plain(c) {
			return false
		}
		if rs.n > 0 && *c == rs.c[rs.n-1] {
			rs.end[rs.n-1]++
			continue
		}
		if rs.n == maxRuns/2 {
			return false
		}
		rs.end[rs.n], rs.c[rs.n] = uint16(w+1), *c
		rs.n++
	}
	m.cells.put(p.cells)
	p.cells, p.uni = nil, true
	if rs.n == 1 {
		p.u = rs.c[0]
	} else {
		p.rs = m.newRuns()
		*p.rs = rs
	}
	m.forget(p) // a page without cells is in no cache of pages with cells
	return true
}

// firstWait and lastWait bound the calls compact lets pass before it looks
// at a page's cells.
const (
	firstWait = 8
	lastWait  = 1 << 12
)

// giveCells gives page p, which has none, its cells: each word the cell of
// its run.
func (m *Memory) giveCells(p *page) {
	p.cells = m.cells.alloc()
	if rs := p.rs; rs != nil {
		w := 0
		for k := 0; k < rs.n; k++ {
			for ; w < int(rs.end[k]); w++ {
				p.cells[w] = rs.c[k]
			}
		}
		m.freeRuns(p)
	} else if p.u != (Cell{}) {
		for i := range p.cells {
			p.cells[i] = p.u
		}
	}
	p.uni, p.u = false, Cell{}
}

// runCells calls f with every cell that stands for words of page p while
// it has no cells.
func (p *page) runCells(f func(c *Cell)) {
	if !p.uni {
		return
	}
	if p.rs == nil {
		f(&p.u)
		return
	}
	for k := 0; k < p.rs.n; k++ {
		f(&p.rs.c[k])
	}
}

// newRuns returns an empty run list.
func (m *Memory) newRuns() *runList { return take(&m.spare.runs) }

// freeRuns gives the run list of p back to the free list.
func (m *Memory) freeRuns(p *page) {
	if len(m.spare.runs) < 4*spareRuns {
		*p.rs = runList{}
		m.spare.runs = append(m.spare.runs, p.rs)
	}
	p.rs = nil
}
