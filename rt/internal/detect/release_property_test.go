package detect

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/tpinstr/tpinstr/rt/internal/event"
)

// TestReleaseIsANewAddress is the exactness property of Release: in a
// random task program (async, finish, futures and Get) in which an object
// A is accessed until it dies and an object B after, B taking A's memory
// with Release between them reports exactly the races that B at an
// address of its own reports, and A's races are the same in both runs.
// That is, the detector sees the reused memory as a new location, as the
// computation graph (whose locations are objects) does.
func TestReleaseIsANewAddress(t *testing.T) {
	const (
		objSize = 3 * 4096 // three pages, starting inside a page
		offset  = 3072
		apart   = 1 << 20
	)
	programs := 400
	if testing.Short() {
		programs = 40
	}
	for seed := range uint64(programs) {
		rng := rand.New(rand.NewPCG(seed, 0x5eed))
		prog := genReleaseProgram(rng)
		base := uintptr(0xc000100000) + offset

		// Run 1: B at its own address. Run 2: B at A's, released between.
		run := func(reuse bool) []relHit {
			return releaseHits(prog, func(a uintptr) uintptr {
				if a -= base; a >= apart {
					a -= apart
				}
				return a
			}, func(d *Detector) {
				if reuse {
					d.Release(base, objSize)
				}
			}, func(second bool, off uintptr) uintptr {
				if second && !reuse {
					return base + apart + off
				}
				return base + off
			})
		}
		apartHits, reuseHits := run(false), run(true)
		if !slices.Equal(apartHits, reuseHits) {
			t.Fatalf("seed %d: races with B apart %v, with B in A's memory after Release %v\nprogram:\n%s", seed, apartHits, reuseHits, prog)
		}
	}
}

// relOp is an operation of a random program of TestReleaseIsANewAddress.
type relOp struct {
	kind      byte // 'a' access, 's' spawn, 'f' finish, 'g' get, 'd' the death of A
	off, size uintptr
	write     bool
	future    bool
	body      []relOp // of a spawn or finish
	get       int     // index of the future to get, among those created
}

type relProgram struct{ body []relOp }

func genReleaseProgram(rng *rand.Rand) relProgram {
	return genRelProgram(rng, 5, func() relOp {
		sizes := []uintptr{1, 2, 4, 8, 8, 8, 16, 64, 4096}
		size := sizes[rng.IntN(len(sizes))]
		// Few distinct locations, so that accesses meet: the first
		// words of each page and the ones around page ends.
		spots := []uintptr{0, 8, 16, 1016, 1024, 4096 - 3072 - 8, 4096 - 3072, 2*4096 - 3072 - 64, 2 * 4096}
		off := spots[rng.IntN(len(spots))]
		if size < 8 {
			off += uintptr(rng.IntN(int(8/size))) * size
		}
		if off+size > 3*4096 {
			off = 3*4096 - size
		}
		return relOp{kind: 'a', off: off, size: size, write: rng.IntN(2) == 0}
	})
}

// genRelProgram returns a random program of the Release tests: spawns
// (some of futures), finishes and Gets nested up to depth 4, A's death
// once, and accesses made by access, which takes accesses out of ten of
// the random choices.
func genRelProgram(rng *rand.Rand, accesses int, access func() relOp) relProgram {
	budget := 40 + rng.IntN(40)
	died := false
	var gen func(depth int) []relOp
	gen = func(depth int) []relOp {
		var ops []relOp
		for n := rng.IntN(6) + 1; n > 0 && budget > 0; n-- {
			budget--
			if !died && budget < 30 && rng.IntN(4) == 0 {
				died = true
				ops = append(ops, relOp{kind: 'd'})
				continue
			}
			switch r := rng.IntN(10); {
			case r < accesses:
				ops = append(ops, access())
			case r < 8 && depth < 4:
				ops = append(ops, relOp{kind: 's', future: rng.IntN(3) == 0, body: gen(depth + 1)})
			case r < 9 && depth < 4:
				ops = append(ops, relOp{kind: 'f', body: gen(depth + 1)})
			default:
				ops = append(ops, relOp{kind: 'g', get: rng.IntN(8)})
			}
		}
		return ops
	}
	p := relProgram{body: gen(0)}
	if !died {
		p.body = append(p.body, relOp{kind: 'd'})
	}
	return p
}

// relHit is a race of a program of the Release tests: its address as an
// offset, and whether it came after A's death (a race of B).
type relHit struct {
	off    uintptr
	second bool
}

// releaseHits runs prog through a new detector and returns its races,
// sorted and without repeats: off maps a race's address to an offset,
// release runs at A's death, and addr gives an access's address.
func releaseHits(prog relProgram, off func(uintptr) uintptr, release func(d *Detector), addr func(second bool, off uintptr) uintptr) []relHit {
	var hits []relHit
	phase := false
	d := New(func(r event.Race) { hits = append(hits, relHit{off(r.Addr), phase}) })
	prog.run(d, func() {
		phase = true
		release(d)
	}, addr)
	slices.SortFunc(hits, func(x, y relHit) int {
		if x.second != y.second {
			if x.second {
				return 1
			}
			return -1
		}
		return int(x.off) - int(y.off)
	})
	return slices.Compact(hits)
}

// run runs the program through d in serial depth-first order; death is
// called at A's death, and addr gives the address of an access at offset
// off (into B's memory after the death, where the program's objects are
// A and B).
func (p relProgram) run(d *Detector, death func(), addr func(second bool, off uintptr) uintptr) {
	next := event.Task(1)
	var futures []event.Task
	second := false
	var body func(t event.Task, ops []relOp)
	body = func(t event.Task, ops []relOp) {
		for _, op := range ops {
			switch op.kind {
			case 'a':
				d.Access(t, addr(second, op.off), op.size, op.write, 1)
			case 'd':
				second = true
				death()
			case 's':
				next++
				c := next
				d.Spawn(t, c, op.future, 0)
				body(c, op.body)
				d.End(c)
				if op.future {
					futures = append(futures, c)
				}
			case 'f':
				d.FinishBegin(t, 0)
				body(t, op.body)
				d.FinishEnd(t)
			case 'g':
				if len(futures) > 0 {
					d.Get(t, futures[op.get%len(futures)], 0)
				}
			}
		}
	}
	d.Spawn(0, 1, false, 0)
	body(1, p.body)
	d.End(1)
}

func (p relProgram) String() string {
	var b []byte
	var show func(ops []relOp, indent string)
	show = func(ops []relOp, indent string) {
		for _, op := range ops {
			switch op.kind {
			case 'a':
				rw := "read"
				if op.write {
					rw = "write"
				}
				b = append(b, indent...)
				b = append(b, rw...)
				b = append(b, ' ')
				b = appendUint(b, uint64(op.size))
				b = append(b, " at +"...)
				b = appendUint(b, uint64(op.off))
				b = append(b, '\n')
			case 'd':
				b = append(b, indent+"A dies\n"...)
			case 's':
				if op.future {
					b = append(b, indent+"future {\n"...)
				} else {
					b = append(b, indent+"async {\n"...)
				}
				show(op.body, indent+"  ")
				b = append(b, indent+"}\n"...)
			case 'f':
				b = append(b, indent+"finish {\n"...)
				show(op.body, indent+"  ")
				b = append(b, indent+"}\n"...)
			case 'g':
				b = append(b, indent+"get\n"...)
			}
		}
	}
	show(p.body, "")
	return string(b)
}

func appendUint(b []byte, v uint64) []byte {
	if v >= 10 {
		b = appendUint(b, v/10)
	}
	return append(b, byte('0'+v%10))
}

// TestReleaseSmallObjectAmongNeighbours is TestReleaseIsANewAddress for
// an object of a few words, A, between two live neighbours, L and R, in
// one page, as the small objects of a heap lie (a tree's nodes): B taking
// A's memory with Release between them reports exactly the races that B
// at an address of its own reports, and the races of A, L and R are the
// same in both runs. Release must clear A's words and nothing of its
// neighbours, whose state, filters of repeated reads and spans go on, and
// no state of A may reach B (a fresh object at a reused address has no
// past).
func TestReleaseSmallObjectAmongNeighbours(t *testing.T) {
	const (
		page  = uintptr(0xc000200000)
		apart = 1 << 20
		nb    = 16 // the size of each neighbour
	)
	programs := 400
	if testing.Short() {
		programs = 40
	}
	for seed := range uint64(programs) {
		rng := rand.New(rand.NewPCG(seed, 0x5a11))
		size := []uintptr{8, 16, 24, 32, 48}[rng.IntN(5)]
		win := page + 1024 - nb // L at [win, win+nb), A at [win+nb, win+nb+size), R after
		a0, a1 := uintptr(nb), nb+size
		prog := genSmallReleaseProgram(rng, size, nb)

		run := func(reuse bool) []relHit {
			return releaseHits(prog, func(a uintptr) uintptr {
				if a >= win+apart {
					a -= apart
				}
				return a - win
			}, func(d *Detector) {
				if reuse {
					d.Release(win+a0, size)
				}
			}, func(second bool, off uintptr) uintptr {
				if second && !reuse && a0 <= off && off < a1 {
					return win + apart + off // B in memory of its own
				}
				return win + off
			})
		}
		apartHits, reuseHits := run(false), run(true)
		if !slices.Equal(apartHits, reuseHits) {
			t.Fatalf("seed %d (A of %d bytes at +%d): races with B apart %v, with B in A's memory after Release %v\nprogram:\n%s",
				seed, size, a0, apartHits, reuseHits, prog)
		}
	}
}

// genSmallReleaseProgram returns a random program of
// TestReleaseSmallObjectAmongNeighbours: accesses of L, A (B after A's
// death) and R, each inside one of the three objects (an access never
// spans two objects), with A of size bytes and the neighbours of nb.
func genSmallReleaseProgram(rng *rand.Rand, size, nb uintptr) relProgram {
	objs := [3][2]uintptr{{0, nb}, {nb, nb + size}, {nb + size, 2*nb + size}}
	return genRelProgram(rng, 6, func() relOp {
		o := objs[rng.IntN(3)]
		if rng.IntN(2) == 0 {
			o = objs[1] // A or B: the object that matters
		}
		n := o[1] - o[0]
		var off, sz uintptr
		if rng.IntN(4) == 0 {
			off, sz = o[0], n // the whole object: a span when it has two words or more
		} else {
			sz = []uintptr{1, 2, 4, 8}[rng.IntN(4)]
			off = o[0] + uintptr(rng.IntN(int(n/sz)))*sz
		}
		return relOp{kind: 'a', off: off, size: sz, write: rng.IntN(2) == 0}
	})
}
