// Package goprog generates small random goroutine programs as data and
// decides, by brute force, what every schedule of such a program can do:
// the racing pairs of accesses of each interleaving's happens-before graph,
// and whether it deadlocks. It is the oracle of the property test of the
// checked executor of plain Go concurrency (package goexec), which claims
// that one depth-first run of a program whose synchronisation had one
// possible partner everywhere reports the races of every schedule (the
// futures paper, Surendran and Sarkar, RV 2016, Theorem 2, with Nakade
// 2016, Theorem 3: one computation graph decides every schedule when the
// graph does not depend on the schedule).
//
// The happens-before edges are those of the Go memory model
// (https://go.dev/ref/mem): program order; a go statement before the
// goroutine's first operation; a send before the completion of the receive
// that takes its value; on an unbuffered channel, a receive before the
// completion of its send; the k-th receive on a channel of capacity C
// before the completion of the (k+C)-th send; a close before a receive
// that returns because the channel is closed; the n-th Unlock of a mutex
// before the return of the m-th Lock, n < m; for an RWMutex, the n-th
// Unlock before the return of the m-th Lock, n < m, and of every RLock
// after it, and an RUnlock before the return of the Lock after it (readers
// do not order one another); the return of the function a
// Once runs before the return of every Do of it; and, for WaitGroups, every
// Done before the return of a Wait that returns after it, as Go's race
// detector has it (a Done is synchronized before the return of the Wait it
// unblocks; the race detector also orders the Dones of earlier rounds of a
// reused WaitGroup, which the executor documents as its choice).
package goprog

import (
	"fmt"
	"strings"
)

// Kind is an operation's kind.
type Kind uint8

// The operations of a goroutine.
const (
	Read       Kind = iota // read of Var at Site
	Write                  // write of Var at Site
	Go                     // go func() { Body }()
	Add                    // wg[Obj].Add(N)
	Done                   // wg[Obj].Done()
	Wait                   // wg[Obj].Wait()
	Send                   // ch[Obj] <- 0
	Recv                   // <-ch[Obj]
	Close                  // close(ch[Obj])
	Range                  // for range ch[Obj] { Body }
	Lock                   // mu[Obj].Lock()
	Unlock                 // mu[Obj].Unlock()
	OnceDo                 // once[Obj].Do(func() { Body })
	Select                 // select { case <-ch[Obj]: Body; case <-ch[Obj2]: Else }, a case sending when its bit of Sends is set
	AtomicAdd              // atomic.AddInt64(&x[Var], 1), its result not used
	AtomicOr               // atomic.OrInt64(&x[Var], 1), its result not used
	AtomicLoad             // _ = atomic.LoadInt64(&x[Var])
	// Section is mu[Obj].Lock(); x[Var] += 1; mu[Obj].Unlock() (N == 1),
	// or the same with x[Var] |= 1 (N == 3): a commuting section of the
	// rewriter's class N (instrument/commute.go), whose update reads and
	// writes x[Var] at Site. With N == 6 (the class insert) it is
	// mu[Obj].Lock(); x[Var][Obj2] = 1; mu[Obj].Unlock(), x[Var] standing
	// for a map and Obj2 for the key, whose insert writes x[Var] (as Go's
	// race detector takes a map for one location).
	Section
	RLock   // rw[Obj].RLock()
	RUnlock // rw[Obj].RUnlock()
	WLock   // rw[Obj].Lock()
	WUnlock // rw[Obj].Unlock()
	// RWSection is Section on the RWMutex rw[Obj], locked for writing:
	// rw[Obj].Lock(); x[Var] += 1 (or |= 1, N == 3); rw[Obj].Unlock().
	RWSection
	// Pool starts the N workers of a pool, each a goroutine that runs
	// `defer wg[Obj2].Done(); for range ch[Obj] { Body }` (Body: reads and
	// writes only), the loop the rewriter marks as a worker's
	// (instrument/workerloop.go). Every worker's loop is at Site.
	Pool
	// Sleep is time.Sleep(N milliseconds): it orders nothing (the Go
	// memory model gives time no edges), so the oracle takes it as a
	// step that does nothing, and every interleaving around it is one
	// of the program's.
	Sleep
	// PoolPut is `x[Var] = 1; pools[Obj].Put(&x[Var])`, x[Var] standing
	// for a fresh object of the program's, written at Site before the Put
	// and, when N is 1, written again after it (a use after the Put).
	// The oracle takes Put as Go's race detector and the executor do:
	// it is synchronized before the Get that returns its object.
	PoolPut
	// PoolGet is `if o := pools[Obj].Get(); o != nil { ... }`: a Get that
	// returns any object Put and not gotten since, or a new one (nil, the
	// pool has no New: sync.Pool's Get may ignore the pool), and, with an
	// object, an access of it at Site (a write when bit 0 of N is set,
	// else a read), its Put back when bit 1 is set, and a write of it
	// after the Put back when bit 2 is set.
	PoolGet
)

// IsRW reports whether k is an operation of an RWMutex.
func (k Kind) IsRW() bool { return k >= RLock && k <= RWSection }

// IsAtomic reports whether k is an atomic operation.
func (k Kind) IsAtomic() bool { return k >= AtomicAdd && k <= AtomicLoad }

var kindNames = [...]string{"read", "write", "go", "add", "done", "wait", "send", "recv", "close", "range", "lock", "unlock", "once", "select", "atomic add", "atomic or", "atomic load", "section", "rlock", "runlock", "wlock", "wunlock", "rw section", "pool", "sleep", "pool put", "pool get"}

func (k Kind) String() string { return kindNames[k] }

// Op is one operation of a goroutine.
type Op struct {
	Kind Kind
	Var  int // Read, Write and the atomic operations: the variable
	Site int // the operation's site, unique in the program (an access's, for Read, Write and the atomic operations)
	Obj  int // the channel, WaitGroup, mutex, RWMutex or Once
	Obj2 int // Select: the second channel
	N    int // Add: the delta
	// Sends marks the cases of a Select that send (bit 0: the first
	// case, ch[Obj] <- 0; bit 1: the second).
	Sends uint8
	Body  []Op
	Else  []Op // Select: the second case's body
}

// Program is a goroutine program: Main is goroutine 1's body.
type Program struct {
	Vars    int   // shared variables
	Chans   []int // the channels' capacities
	WGs     int
	Mutexes int
	Onces   int
	// RWMutexes are the RWMutexes, which RLock, RUnlock, WLock, WUnlock
	// and RWSection name.
	RWMutexes int
	// SyncPools are the sync.Pools, which PoolPut and PoolGet name.
	SyncPools int
	Main      []Op
}

// String prints p as Go-like source.
func (p Program) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "vars %d, chans %v, wgs %d, mutexes %d, onces %d", p.Vars, p.Chans, p.WGs, p.Mutexes, p.Onces)
	if p.RWMutexes > 0 {
		fmt.Fprintf(&b, ", rwmutexes %d", p.RWMutexes)
	}
	if p.SyncPools > 0 {
		fmt.Fprintf(&b, ", sync.Pools %d", p.SyncPools)
	}
	b.WriteString("\n")
	printOps(&b, p.Main, 1)
	return b.String()
}

func printOps(b *strings.Builder, ops []Op, depth int) {
	ind := strings.Repeat("\t", depth)
	for _, o := range ops {
		switch o.Kind {
		case Read:
			fmt.Fprintf(b, "%s_ = x%d // #%d\n", ind, o.Var, o.Site)
		case Write:
			fmt.Fprintf(b, "%sx%d = 1 // #%d\n", ind, o.Var, o.Site)
		case Go:
			fmt.Fprintf(b, "%sgo func() { // #%d\n", ind, o.Site)
			printOps(b, o.Body, depth+1)
			fmt.Fprintf(b, "%s}()\n", ind)
		case Add:
			fmt.Fprintf(b, "%swg%d.Add(%d)\n", ind, o.Obj, o.N)
		case Done:
			fmt.Fprintf(b, "%swg%d.Done()\n", ind, o.Obj)
		case Wait:
			fmt.Fprintf(b, "%swg%d.Wait()\n", ind, o.Obj)
		case Send:
			fmt.Fprintf(b, "%sch%d <- 0\n", ind, o.Obj)
		case Recv:
			fmt.Fprintf(b, "%s<-ch%d\n", ind, o.Obj)
		case Close:
			fmt.Fprintf(b, "%sclose(ch%d)\n", ind, o.Obj)
		case Range:
			fmt.Fprintf(b, "%sfor range ch%d {\n", ind, o.Obj)
			printOps(b, o.Body, depth+1)
			fmt.Fprintf(b, "%s}\n", ind)
		case Lock:
			fmt.Fprintf(b, "%smu%d.Lock()\n", ind, o.Obj)
		case Unlock:
			fmt.Fprintf(b, "%smu%d.Unlock()\n", ind, o.Obj)
		case OnceDo:
			fmt.Fprintf(b, "%sonce%d.Do(func() {\n", ind, o.Obj)
			printOps(b, o.Body, depth+1)
			fmt.Fprintf(b, "%s})\n", ind)
		case AtomicAdd:
			fmt.Fprintf(b, "%satomic.AddInt64(&x%d, 1) // #%d\n", ind, o.Var, o.Site)
		case AtomicOr:
			fmt.Fprintf(b, "%satomic.OrInt64(&x%d, 1) // #%d\n", ind, o.Var, o.Site)
		case AtomicLoad:
			fmt.Fprintf(b, "%s_ = atomic.LoadInt64(&x%d) // #%d\n", ind, o.Var, o.Site)
		case Sleep:
			fmt.Fprintf(b, "%stime.Sleep(%dms) // #%d\n", ind, o.N, o.Site)
		case Section, RWSection:
			op, mu := "+=", "mu"
			if o.N == 3 {
				op = "|="
			}
			if o.Kind == RWSection {
				mu = "rw"
			}
			target := fmt.Sprintf("x%d", o.Var)
			if o.N == 6 {
				op, target = "=", fmt.Sprintf("x%d[%d]", o.Var, o.Obj2)
			}
			fmt.Fprintf(b, "%s%s%d.Lock(); %s %s 1; %s%d.Unlock() // #%d\n", ind, mu, o.Obj, target, op, mu, o.Obj, o.Site)
		case RLock:
			fmt.Fprintf(b, "%srw%d.RLock()\n", ind, o.Obj)
		case RUnlock:
			fmt.Fprintf(b, "%srw%d.RUnlock()\n", ind, o.Obj)
		case WLock:
			fmt.Fprintf(b, "%srw%d.Lock()\n", ind, o.Obj)
		case WUnlock:
			fmt.Fprintf(b, "%srw%d.Unlock()\n", ind, o.Obj)
		case PoolPut:
			after := ""
			if o.N == 1 {
				after = fmt.Sprintf("; x%d = 1", o.Var)
			}
			fmt.Fprintf(b, "%sx%d = 1; pool%d.Put(&x%d)%s // #%d\n", ind, o.Var, o.Obj, o.Var, after, o.Site)
		case PoolGet:
			use := "_ = *o"
			if o.N&1 != 0 {
				use = "*o = 1"
			}
			if o.N&2 != 0 {
				use += fmt.Sprintf("; pool%d.Put(o)", o.Obj)
			}
			if o.N&4 != 0 {
				use += "; *o = 1"
			}
			fmt.Fprintf(b, "%sif o := pool%d.Get(); o != nil { %s } // #%d\n", ind, o.Obj, use, o.Site)
		case Pool:
			fmt.Fprintf(b, "%sfor range %d { go func() { defer wg%d.Done(); for range ch%d { // #%d\n", ind, o.N, o.Obj2, o.Obj, o.Site)
			printOps(b, o.Body, depth+1)
			fmt.Fprintf(b, "%s}}()}\n", ind)
		case Select:
			fmt.Fprintf(b, "%sselect {\n%scase %s:\n", ind, ind, selCase(o, 0))
			printOps(b, o.Body, depth+1)
			fmt.Fprintf(b, "%scase %s:\n", ind, selCase(o, 1))
			printOps(b, o.Else, depth+1)
			fmt.Fprintf(b, "%s}\n", ind)
		}
	}
}

// Stats counts a program's goroutines (go statements plus one) and
// synchronisation operations, as written (a loop body counts once).
func (p Program) Stats() (goroutines, syncOps int) {
	goroutines = 1
	var walk func([]Op)
	walk = func(ops []Op) {
		for _, o := range ops {
			if o.Kind != Read && o.Kind != Write {
				syncOps++
			}
			if o.Kind == Go {
				goroutines++
			}
			if o.Kind == Pool {
				goroutines += o.N
			}
			walk(o.Body)
			walk(o.Else)
		}
	}
	walk(p.Main)
	return goroutines, syncOps
}

// Clone returns a deep copy of p.
func (p Program) Clone() Program {
	q := p
	q.Chans = append([]int(nil), p.Chans...)
	q.Main = cloneOps(p.Main)
	return q
}

func cloneOps(ops []Op) []Op {
	if ops == nil {
		return nil
	}
	out := make([]Op, len(ops))
	for i, o := range ops {
		o.Body = cloneOps(o.Body)
		o.Else = cloneOps(o.Else)
		out[i] = o
	}
	return out
}

// selCase prints case i of a select.
func selCase(o Op, i int) string {
	ch := o.Obj
	if i == 1 {
		ch = o.Obj2
	}
	if o.Sends&(1<<i) != 0 {
		return fmt.Sprintf("ch%d <- 0", ch)
	}
	return fmt.Sprintf("<-ch%d", ch)
}
