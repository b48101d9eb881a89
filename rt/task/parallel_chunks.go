//go:build !tpinstr && !tpserial

package task

import (
	"sync/atomic"
	"time"
)

// loop schedules the iterations of one ForAll or ForAsync on a few workers
// by range stealing, an adaptive chunking that needs no tuning by the user:
//
//   - The iteration space is split evenly into one share per worker.
//   - A worker claims a batch of iterations from the front of its share with
//     one compare-and-swap, runs it, and sizes the next batch so that a batch
//     lasts about batchTarget: tiny iterations are claimed by the thousand
//     (the claim costs nothing per iteration), long ones one at a time (so
//     little work is ever out of reach of a thief).
//   - A worker whose share is empty steals the back half of the unclaimed
//     part of another share, and stops when no share has two unclaimed
//     iterations left (their owners run the rest).
//
// This is the lazy binary splitting of work-stealing schedulers without a
// task per split: an uneven loop is rebalanced by halving, as recursive
// splitting would, but a balanced loop costs one goroutine per core and a
// compare-and-swap per batch.
//
// Iterations stay logical tasks: each runs with a handle whose IEF is the
// loop's scope, and a panic of one is recorded and does not stop the others.
// A worker reuses one handle for the iterations it runs, one after another.
type loop struct {
	s      *scope
	base   int // the first iteration; shares hold offsets from it
	body   func(t *T, i int)
	shares []share
}

// share is the unclaimed part [lo, hi) of one worker's iterations, as
// offsets from loop.base packed into one word (lo in the low half) so that
// its owner's claims and thieves' steals are single compare-and-swaps.
type share struct {
	r atomic.Uint64
	_ [56]byte // one share per cache line: its owner updates it on every batch
}

// batchTarget is how long a worker aims to run between two claims. Claims
// cost tens of nanoseconds (a compare-and-swap and a clock read), so this
// keeps them under 1% of the time, while bounding the work a thief cannot
// reach to about this much.
const batchTarget = 20 * time.Microsecond

// maxBatch bounds the growth of a batch.
const maxBatch = 1 << 24

func pack(lo, hi uint64) uint64 { return lo | hi<<32 }

func unpack(v uint64) (lo, hi uint64) { return v & (1<<32 - 1), v >> 32 }

// newLoop returns the schedule of n iterations from base on w workers.
func newLoop(s *scope, base, n, w int, body func(t *T, i int)) *loop {
	l := &loop{s: s, base: base, body: body, shares: make([]share, w)}
	for k := range l.shares {
		l.shares[k].r.Store(pack(uint64(k*n/w), uint64((k+1)*n/w)))
	}
	return l
}

// start starts the workers. With caller set, the calling goroutine is worker
// 0 and start returns when it finds no more work; otherwise every worker is a
// new goroutine. Each goroutine worker is a task of the loop's scope until it
// stops.
func (l *loop) start(caller bool) {
	first := 0
	if caller {
		first = 1
	}
	for k := first; k < len(l.shares); k++ {
		l.s.pending.Add(1)
		go l.worker(k, 0, 0)
	}
	if caller {
		it := &T{ief: l.s}
		l.work(0, it)
		it.state.Store(ended)
	}
}

// worker is the goroutine of worker k. It first runs [from, to) (the rest
// of a batch whose worker stopped, see runBatch), then works on share k.
func (l *loop) worker(k int, from, to uint64) {
	it := &T{ief: l.s}
	defer func() {
		it.state.Store(ended)
		l.s.done()
	}()
	l.runBatch(k, it, from, to)
	l.work(k, it)
}

// work runs batches of share k, then of stolen ranges, until there are none.
func (l *loop) work(k int, it *T) {
	own := &l.shares[k].r
	batch := uint64(1)
	for {
		cur := own.Load()
		lo, hi := unpack(cur)
		if lo >= hi {
			if l.steal(k) {
				continue
			}
			return
		}
		end := min(lo+batch, hi)
		if !own.CompareAndSwap(cur, pack(end, hi)) {
			continue // a thief took the back of the share; retry with what is left
		}
		began := time.Now()
		l.runBatch(k, it, lo, end)
		batch = nextBatch(batch, time.Since(began))
	}
}

// nextBatch doubles a batch that ran well under batchTarget and halves one
// that ran well over it.
func nextBatch(batch uint64, took time.Duration) uint64 {
	switch {
	case took < batchTarget/2 && batch < maxBatch:
		return batch * 2
	case took > 2*batchTarget && batch > 1:
		return batch / 2
	}
	return batch
}

// steal moves the back half of the unclaimed part of another share to share
// k (which is empty) and reports whether it found one with two or more
// iterations. A share with a single unclaimed iteration is left to its
// owner, which is running and will claim it.
//
// No ABA: a share's low offset only grows, and a share that ran empty is
// refilled with iterations that were never claimed, which are beyond every
// offset it held.
func (l *loop) steal(k int) bool {
	w := len(l.shares)
	for j := 1; j < w; j++ {
		victim := &l.shares[(k+j)%w].r
		for {
			cur := victim.Load()
			lo, hi := unpack(cur)
			if hi-lo < 2 || lo > hi {
				break
			}
			mid := lo + (hi-lo)/2
			if victim.CompareAndSwap(cur, pack(lo, mid)) {
				l.shares[k].r.Store(pack(mid, hi))
				return true
			}
		}
	}
	return false
}

// runBatch runs the iterations [from, to) (offsets) with handle it. A panic
// of an iteration is recorded in the loop's scope and the batch goes on with
// the next iteration, as the next task would.
func (l *loop) runBatch(k int, it *T, from, to uint64) {
	for from < to {
		from = l.runUntilPanic(k, it, from, to)
	}
}

// runUntilPanic runs iterations from from until to or until one panics, and
// returns the offset to go on from. One deferred call covers the whole
// batch, so an iteration costs a call of body and nothing more.
//
// An iteration that calls runtime.Goexit takes this goroutine with it; the
// rest of the batch and of share k go on in a new worker goroutine, so that
// no iteration is lost and the scope is still joined.
func (l *loop) runUntilPanic(k int, it *T, from, to uint64) (next uint64) {
	i := from
	defer func() {
		if i >= to {
			return
		}
		r := recover()
		l.s.panics.add(newPanicError(r, r == nil))
		next = i + 1
		if r == nil {
			l.s.pending.Add(1)
			go l.worker(k, next, to)
		}
	}()
	body, base := l.body, l.base
	for ; i < to; i++ {
		body(it, base+int(i))
	}
	return to
}
