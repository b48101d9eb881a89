package instrument

import (
	"bytes"
	"sort"
)

// edit is one change to a file's original bytes: the bytes in [start, end)
// are replaced by text. An insertion has start == end.
type edit struct {
	start, end int
	text       string
	prio       int // among edits at one offset, lower goes first
	seq        int // insertion order, the last tie-breaker
}

// Priorities of insertions that share an offset. Openings of outer
// constructs come before inner ones, closings of inner constructs before
// outer ones, so that nested wrappers stay balanced.
const (
	prioVariantArg  = -500 // an argument put first in a call: of a helper's variant (callee.go), a variadic hook's site (ioread.go)
	prioFirst       = -400 // the first statement of a function body
	prioWrapOpen    = -300 // `{` of a block that scopes temporaries
	prioPre         = -200 // statements inserted before a statement
	prioResultOpen  = -150 // `_tpinstr_rt.Result(` around a return's last result
	prioTrickOpen   = -100 // `func() bool {…}() && bool(`
	prioInlineOpen  = -60  // `_tpinstr_rt.ReadField(` around a call's value (inline.go)
	prioAtOpen      = -50  // `_tpinstr_rt.At(`
	prioReplace     = 0    // replacements
	prioVariantDot  = 10   // `value.` before a call sent to a helper's variant (callee.go), dropped with a replaced call
	prioAtClose     = 50   // `, site)`
	prioInlineClose = 60   // `, "field", site)` closing rt.ReadField
	prioTrickClose  = 100  // `)` of the condition wrapper
	prioResultClose = 150  // `, func() bool {…}())` closing rt.Result
	prioPost        = 200  // statements inserted after a statement
	prioWrapClose   = 300  // `}` of a block that scopes temporaries
)

// buffer collects the edits of one file.
type buffer struct {
	src   []byte
	edits []edit
}

// insert adds text at offset off.
func (b *buffer) insert(off int, text string, prio int) {
	b.edits = append(b.edits, edit{start: off, end: off, text: text, prio: prio, seq: len(b.edits)})
}

// replace replaces the bytes in [start, end) with text.
func (b *buffer) replace(start, end int, text string) {
	b.edits = append(b.edits, edit{start: start, end: end, text: text, prio: prioReplace, seq: len(b.edits)})
}

// empty reports whether no edit was made.
func (b *buffer) empty() bool { return len(b.edits) == 0 }

// bytes returns the source with every edit applied. Edits inside a replaced
// range are dropped; the planner never makes such edits.
func (b *buffer) bytes() []byte {
	es := append([]edit(nil), b.edits...)
	sort.SliceStable(es, func(i, j int) bool {
		if es[i].start != es[j].start {
			return es[i].start < es[j].start
		}
		if es[i].prio != es[j].prio {
			return es[i].prio < es[j].prio
		}
		if es[i].end != es[j].end {
			// Of two replacements from one offset, the outer goes first
			// and swallows the inner.
			return es[i].end > es[j].end
		}
		return es[i].seq < es[j].seq
	})
	var out bytes.Buffer
	out.Grow(len(b.src) + 64*len(es))
	pos := 0
	for _, e := range es {
		if e.start < pos {
			continue // inside a replaced range
		}
		out.Write(b.src[pos:e.start])
		out.WriteString(e.text)
		pos = e.end
	}
	out.Write(b.src[pos:])
	return out.Bytes()
}
