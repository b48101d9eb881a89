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

// location draws an access of 1, 2, 4 or 8 bytes, half the time at an offset
// aligned to its size and half the time anywhere, so that accesses overlap
// partially.
func (g *generator) location() (off, size int) {
	sizes := [...]int{1, 2, 4, 8}
	size = sizes[g.rng.IntN(len(sizes))]
	if size > g.cfg.Arena {
		size = 1
	}
	if g.rng.IntN(2) == 0 {
		return size * g.rng.IntN(g.cfg.Arena/size), size
	}
	return g.rng.IntN(g.cfg.Arena - size + 1), size
}
