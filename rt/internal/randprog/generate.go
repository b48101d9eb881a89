package randprog

import (
	"math/rand/v2"

	"github.com/tpinstr/tpinstr/rt/internal/event"
)

// Weights are the relative frequencies of the statements a generator
// places. A statement that cannot be placed (a compound statement at the
// depth limit, a Get before any future ended, anything but an access or a
// nested Isolated inside Isolated) is skipped in the draw.
type Weights struct {
	Read, Write, Async, Finish, Future, Get, Isolated int
}

// Config bounds the programs of a generator.
type Config struct {
	// Arena is the number of bytes accesses touch; small arenas make
	// accesses overlap often, partially too, since sizes are 1, 2, 4 and 8
	// at aligned and unaligned offsets.
	Arena int
	// MaxStmts bounds the statements of a program, nested ones included.
	MaxStmts int
	// MaxDepth bounds the nesting of compound statements.
	MaxDepth int
	// MaxBody bounds the statements of one body (a body may be empty).
	MaxBody int
	Weights Weights
	// Ranges makes most accesses word-aligned ranges of 1 to 64 words, as
	// the row hooks of a stencil or a blocked kernel are, so that the
	// pages of the arena become runs of words with one history each (the
	// detector's pages without cells), split further by single words and
	// a few bytes.
	Ranges bool
}

// Mixed returns a configuration that uses every statement about as often as
// a task program would.
func Mixed() Config {
	return Config{Arena: 32, MaxStmts: 40, MaxDepth: 4, MaxBody: 5,
		Weights: Weights{Read: 6, Write: 4, Async: 3, Finish: 2, Future: 2, Get: 2, Isolated: 1}}
}

// Futures returns a configuration dominated by futures and gets, so that most
// joins are non-tree joins: gets of futures created by unrelated tasks.
func Futures() Config {
	return Config{Arena: 32, MaxStmts: 50, MaxDepth: 5, MaxBody: 5,
		Weights: Weights{Read: 5, Write: 4, Async: 1, Finish: 1, Future: 5, Get: 6}}
}

// Finishes returns a configuration of deeply nested finishes and asyncs,
// where tasks inherit their immediately enclosing finish from ancestors.
func Finishes() Config {
	return Config{Arena: 32, MaxStmts: 50, MaxDepth: 7, MaxBody: 4,
		Weights: Weights{Read: 5, Write: 4, Async: 4, Finish: 4, Future: 1, Get: 1}}
}

// IsolatedHeavy returns a configuration where many accesses sit in
// (sometimes nested) Isolated bodies, next to unprotected ones.
func IsolatedHeavy() Config {
	return Config{Arena: 16, MaxStmts: 40, MaxDepth: 4, MaxBody: 5,
		Weights: Weights{Read: 4, Write: 4, Async: 3, Finish: 1, Future: 2, Get: 1, Isolated: 5}}
}

// Generate returns the program that seed selects under c. The same seed and
// configuration always give the same program.
func Generate(seed uint64, c Config) Program {
	if c.Arena <= 0 {
		c.Arena = 32
	}
	g := &generator{
		rng: rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)),
		cfg: c,
	}
	// The size is drawn between a quarter of the limit and the limit, and
	// the root body goes on until it is spent: nested bodies are short, so
	// without this most programs would be a handful of statements.
	if c.MaxStmts > 0 {
		g.budget = c.MaxStmts - g.rng.IntN(c.MaxStmts-c.MaxStmts/4)
	}
	var body []Stmt
	for g.budget > 0 {
		body = append(body, g.stmt(0, false))
	}
	return Program{Arena: c.Arena, Body: body}
}

type generator struct {
	rng     *rand.Rand
	cfg     Config
	budget  int
	site    event.Site
	handles int
	ended   []int // futures whose body is complete, in creation order

	lastOff, lastSize int // the location of the last access drawn
}

func (g *generator) body(depth int, isolated bool) []Stmt {
	n := g.rng.IntN(g.cfg.MaxBody + 1)
	var out []Stmt
	for i := 0; i < n && g.budget > 0; i++ {
		out = append(out, g.stmt(depth, isolated))
	}
	return out
}

// pick draws a statement kind among those allowed here.
func (g *generator) pick(depth int, isolated bool) Op {
	w := g.cfg.Weights
	nest := depth < g.cfg.MaxDepth
	type choice struct {
		op     Op
		weight int
		ok     bool
	}
	choices := [...]choice{
		{Read, w.Read, true},
		{Write, w.Write, true},
		{Async, w.Async, nest && !isolated},
		{Finish, w.Finish, nest && !isolated},
		{Future, w.Future, nest && !isolated},
		{Get, w.Get, !isolated && len(g.ended) > 0},
		{Isolated, w.Isolated, nest},
	}
	total := 0
	for _, c := range choices {
		if c.ok {
			total += c.weight
		}
	}
	if total == 0 {
		return Read
	}
	r := g.rng.IntN(total)
	for _, c := range choices {
		if !c.ok {
			continue
		}
		if r < c.weight {
			return c.op
		}
		r -= c.weight
	}
	return Read
}

func (g *generator) stmt(depth int, isolated bool) Stmt {
	op := g.pick(depth, isolated)
	g.budget--
	g.site++
	s := Stmt{Op: op, Site: g.site}
	switch op {
	case Read, Write:
		s.Off, s.Size = g.location()
	case Get:
		// Any ended future: mostly ones created by other tasks, so most
		// gets are non-tree joins.
		s.Handle = g.ended[g.rng.IntN(len(g.ended))]
	case Future:
		s.Handle = g.handles
		g.handles++
		s.Body = g.body(depth+1, false)
		g.ended = append(g.ended, s.Handle)
	case Isolated:
		s.Body = g.body(depth+1, true)
	default: // Async, Finish
		s.Body = g.body(depth+1, false)
	}
	return s
}

// location draws the bytes of an access. One access in five repeats the
// location of the one before (a task touching a location again in one step,
// which the detector's shortcuts for repeated accesses must get right); one
// in eight is a span of 9 to 24 bytes, as a slice hook makes; the others
// are of 1, 2, 4 or 8 bytes. Half the time the offset is aligned to the
// size (to a word, for spans) and half the time anywhere, so that accesses
// overlap partially. Arenas of several pages get pageLocation's accesses.
func (g *generator) location() (off, size int) {
	if g.lastSize > 0 && g.rng.IntN(5) == 0 {
		return g.lastOff, g.lastSize
	}
	defer func() { g.lastOff, g.lastSize = off, size }()
	if g.cfg.Ranges && g.cfg.Arena >= 64 {
		return g.rangeLocation()
	}
	if g.cfg.Arena >= 2*PageSize {
		return g.pageLocation()
	}
	align := 8
	if g.rng.IntN(8) == 0 && g.cfg.Arena >= 24 {
		size = 9 + g.rng.IntN(16)
	} else {
		sizes := [...]int{1, 2, 4, 8}
		size = sizes[g.rng.IntN(len(sizes))]
		if size > g.cfg.Arena {
			size = 1
		}
		align = size
	}
	if g.rng.IntN(2) == 0 {
		return align * g.rng.IntN((g.cfg.Arena-size)/align+1), size
	}
	return g.rng.IntN(g.cfg.Arena - size + 1), size
}

// rangeLocation draws the bytes of an access for Config.Ranges: seven in
// eight are word-aligned ranges of 1 to 64 words, the others 1, 2, 4 or 8
// bytes anywhere.
func (g *generator) rangeLocation() (off, size int) {
	words := g.cfg.Arena / 8
	if g.rng.IntN(8) != 0 {
		n := 1 + g.rng.IntN(min(64, words))
		return 8 * g.rng.IntN(words-n+1), 8 * n
	}
	sizes := [...]int{1, 2, 4, 8}
	size = sizes[g.rng.IntN(len(sizes))]
	return g.rng.IntN(g.cfg.Arena - size + 1), size
}

// PageSize is the size of the pages of the detector's shadow memory, which
// checks an access of a whole page at once while every word of the page
// has had the same history.
const PageSize = 4096

// pageLocation draws the bytes of an access in an arena of several pages:
// a third of the accesses cover whole pages (page-aligned, or starting
// and ending a few bytes inside a page, so that only the pages between are
// whole), the others touch a few bytes near the start or the end of a
// page, which breaks the uniformity of the page's words.
func (g *generator) pageLocation() (off, size int) {
	pages := g.cfg.Arena / PageSize
	if g.rng.IntN(3) == 0 {
		n := 1 + g.rng.IntN(pages)
		off, size = PageSize*g.rng.IntN(pages-n+1), PageSize*n
		if g.rng.IntN(2) == 0 {
			in := 1 + g.rng.IntN(24)
			off, size = off+in, size-in-g.rng.IntN(24)
		}
		return off, size
	}
	sizes := [...]int{1, 2, 4, 8, 16}
	size = sizes[g.rng.IntN(len(sizes))]
	off = PageSize * g.rng.IntN(pages)
	if g.rng.IntN(2) == 0 {
		off += g.rng.IntN(32)
	} else {
		off += PageSize - 32 + g.rng.IntN(32-size+1)
	}
	return off, size
}
