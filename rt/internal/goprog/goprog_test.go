package goprog

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

func rd(v, site int) Op     { return Op{Kind: Read, Var: v, Site: site} }
func wr(v, site int) Op     { return Op{Kind: Write, Var: v, Site: site} }
func gof(body ...Op) Op     { return Op{Kind: Go, Body: body} }
func op(k Kind, obj int) Op { return Op{Kind: k, Obj: obj} }

// TestExplore checks the oracle on programs whose races and deadlocks are
// known, one per edge of the memory model.
func TestExplore(t *testing.T) {
	tests := []struct {
		name     string
		p        Program
		pairs    []Pair
		outcomes int // distinct outcomes, 0: do not check
		some     bool
		all      bool
		panics   bool
	}{
		{name: "go-edge", p: Program{Vars: 1, Main: []Op{wr(0, 1), gof(rd(0, 2))}}},
		{name: "unordered", p: Program{Vars: 1, Main: []Op{gof(wr(0, 1)), rd(0, 2)}}, pairs: []Pair{{1, 2}}},
		{name: "two-reads", p: Program{Vars: 1, Main: []Op{gof(rd(0, 1)), rd(0, 2)}}},
		{name: "future-unbuffered", p: Program{Vars: 1, Chans: []int{0},
			Main: []Op{gof(wr(0, 1), op(Send, 0)), op(Recv, 0), rd(0, 2)}}},
		{name: "unbuffered-receive-before-send-completes", p: Program{Vars: 1, Chans: []int{0},
			Main: []Op{gof(wr(0, 1), op(Recv, 0)), op(Send, 0), rd(0, 2)}}},
		{name: "buffered-receive-not-before-send", p: Program{Vars: 1, Chans: []int{1},
			Main: []Op{gof(wr(0, 1), op(Recv, 0)), op(Send, 0), rd(0, 2)}}, pairs: []Pair{{1, 2}}},
		{name: "read-before-receive", p: Program{Vars: 1, Chans: []int{1},
			Main: []Op{gof(wr(0, 1), op(Send, 0)), rd(0, 2), op(Recv, 0)}}, pairs: []Pair{{1, 2}}},
		{name: "close-edge", p: Program{Vars: 1, Chans: []int{0},
			Main: []Op{gof(wr(0, 1), op(Close, 0)), op(Recv, 0), rd(0, 2)}}},
		{name: "semaphore-k-plus-C", p: Program{Vars: 1, Chans: []int{1}, Main: []Op{
			gof(op(Send, 0), wr(0, 1), op(Recv, 0)),
			op(Send, 0), wr(0, 2), op(Recv, 0)}}},
		{name: "mutex", p: Program{Vars: 1, Mutexes: 1, Main: []Op{
			gof(op(Lock, 0), wr(0, 1), op(Unlock, 0)),
			op(Lock, 0), wr(0, 2), op(Unlock, 0)}}},
		{name: "mutex-masks-write-outside", p: Program{Vars: 1, Mutexes: 1, Main: []Op{
			gof(wr(0, 1), op(Lock, 0), op(Unlock, 0)),
			op(Lock, 0), op(Unlock, 0), rd(0, 2)}}, pairs: []Pair{{1, 2}}, outcomes: 2},
		{name: "waitgroup", p: Program{Vars: 1, WGs: 1, Main: []Op{
			{Kind: Add, Obj: 0, N: 2}, gof(wr(0, 1), op(Done, 0)), gof(rd(0, 2), op(Done, 0)),
			op(Wait, 0), wr(0, 3)}}, pairs: []Pair{{1, 2}}},
		{name: "waitgroup-add-in-worker", p: Program{Vars: 1, WGs: 1, Main: []Op{
			gof(Op{Kind: Add, Obj: 0, N: 1}, wr(0, 1), op(Done, 0)),
			op(Wait, 0), rd(0, 2)}}, pairs: []Pair{{1, 2}}, outcomes: 2},
		{name: "once", p: Program{Vars: 1, Onces: 1, Main: []Op{
			gof(Op{Kind: OnceDo, Obj: 0, Body: []Op{wr(0, 1)}}, rd(0, 2)),
			Op{Kind: OnceDo, Obj: 0, Body: []Op{wr(0, 1)}}, rd(0, 3)}}},
		// sync.Pool: the Put is synchronized before the Get that returns
		// its object; a Get may return a new object; a write after the
		// Put races with the Get's access.
		{name: "pool-put-get", p: Program{Vars: 1, SyncPools: 1, Chans: []int{0}, Main: []Op{
			gof(Op{Kind: PoolPut, Obj: 0, Var: 0, Site: 1}, op(Send, 0)),
			op(Recv, 0), Op{Kind: PoolGet, Obj: 0, N: 1, Site: 2}}}},
		{name: "pool-get-unordered", p: Program{Vars: 1, SyncPools: 1, Main: []Op{
			gof(Op{Kind: PoolPut, Obj: 0, Var: 0, Site: 1}),
			Op{Kind: PoolGet, Obj: 0, N: 1, Site: 2}}}},
		{name: "pool-write-after-put", p: Program{Vars: 1, SyncPools: 1, Main: []Op{
			gof(Op{Kind: PoolPut, Obj: 0, Var: 0, N: 1, Site: 1}),
			Op{Kind: PoolGet, Obj: 0, Site: 2}}}, pairs: []Pair{{1, 2}}},
		{name: "pool-put-back", p: Program{Vars: 1, SyncPools: 1, Main: []Op{
			Op{Kind: PoolPut, Obj: 0, Var: 0, Site: 1},
			gof(Op{Kind: PoolGet, Obj: 0, N: 1 | 2 | 4, Site: 2}),
			Op{Kind: PoolGet, Obj: 0, N: 0, Site: 3}}}, pairs: []Pair{{2, 3}}},
		{name: "range", p: Program{Vars: 1, Chans: []int{2}, Main: []Op{
			gof(op(Send, 0), op(Send, 0), wr(0, 1), op(Close, 0)),
			{Kind: Range, Obj: 0, Body: []Op{rd(0, 2)}}, rd(0, 3)}}, pairs: []Pair{{1, 2}}},
		{name: "select-either", p: Program{Vars: 1, Chans: []int{1, 1}, Main: []Op{
			gof(op(Send, 0)), gof(op(Send, 1)),
			{Kind: Select, Obj: 0, Obj2: 1, Body: []Op{wr(0, 1)}, Else: []Op{rd(0, 2)}}}}, outcomes: 1},
		{name: "select-send", p: Program{Vars: 1, Chans: []int{0, 0}, Main: []Op{
			gof(op(Recv, 1), rd(0, 2)),
			{Kind: Select, Obj: 0, Obj2: 1, Sends: 2, Else: []Op{wr(0, 1)}}}}, pairs: []Pair{{1, 2}}, outcomes: 1},
		{name: "select-send-unbuffered-waits", p: Program{Vars: 1, Chans: []int{0, 0}, Main: []Op{
			gof(wr(0, 1), op(Recv, 1)),
			{Kind: Select, Obj: 0, Obj2: 1, Sends: 2, Else: []Op{rd(0, 2)}}}}, outcomes: 1},
		{name: "deadlock", p: Program{Chans: []int{0}, Main: []Op{gof(op(Recv, 0)), op(Recv, 0)}},
			some: true, all: true},
		{name: "leak-is-no-deadlock", p: Program{Chans: []int{0}, Main: []Op{gof(op(Recv, 0))}}},
		{name: "deadlock-in-some", p: Program{Chans: []int{1}, Main: []Op{op(Send, 0), gof(op(Recv, 0)), op(Recv, 0)}},
			some: true, outcomes: 2},
		{name: "lock-order", p: Program{Mutexes: 2, Main: []Op{
			gof(op(Lock, 0), op(Lock, 1), op(Unlock, 1), op(Unlock, 0)),
			op(Lock, 1), op(Lock, 0), op(Unlock, 0), op(Unlock, 1)}}, some: true, outcomes: 2},
		{name: "rw-readers-share", p: Program{Vars: 1, RWMutexes: 1, Main: []Op{
			gof(op(RLock, 0), wr(0, 1), op(RUnlock, 0)),
			op(RLock, 0), rd(0, 2), op(RUnlock, 0)}}, pairs: []Pair{{1, 2}}},
		{name: "rw-readers-do-not-order", p: Program{Vars: 1, RWMutexes: 1, Main: []Op{
			gof(wr(0, 1), op(RLock, 0), op(RUnlock, 0)),
			op(RLock, 0), op(RUnlock, 0), rd(0, 2)}}, pairs: []Pair{{1, 2}}},
		{name: "rw-unlock-before-rlock", p: Program{Vars: 1, RWMutexes: 1, Main: []Op{
			gof(op(WLock, 0), wr(0, 1), op(WUnlock, 0)),
			op(RLock, 0), rd(0, 2), op(RUnlock, 0)}}},
		{name: "rw-runlock-before-lock", p: Program{Vars: 1, RWMutexes: 1, Main: []Op{
			gof(op(RLock, 0), rd(0, 1), op(RUnlock, 0)),
			op(WLock, 0), wr(0, 2), op(WUnlock, 0)}}},
		{name: "rw-unlock-before-lock", p: Program{Vars: 1, RWMutexes: 1, Main: []Op{
			gof(op(WLock, 0), wr(0, 1), op(WUnlock, 0)),
			op(WLock, 0), wr(0, 2), op(WUnlock, 0)}}},
		{name: "rw-runlock-before-later-lock", p: Program{Vars: 1, RWMutexes: 1, Main: []Op{
			gof(op(RLock, 0), rd(0, 1), op(RUnlock, 0)),
			gof(op(WLock, 0), op(WUnlock, 0)),
			op(WLock, 0), op(WUnlock, 0), op(WLock, 0), wr(0, 2), op(WUnlock, 0)}}},
		{name: "rw-masks-write-outside", p: Program{Vars: 1, RWMutexes: 1, Main: []Op{
			gof(wr(0, 1), op(WLock, 0), op(WUnlock, 0)),
			op(WLock, 0), op(WUnlock, 0), rd(0, 2)}}, pairs: []Pair{{1, 2}}, outcomes: 2},
		{name: "rw-section", p: Program{Vars: 1, RWMutexes: 1, Main: []Op{
			gof(Op{Kind: RWSection, Obj: 0, Var: 0, Site: 1, N: 1}),
			op(RLock, 0), rd(0, 2), op(RUnlock, 0)}}},
		{name: "rw-sections-race-outside", p: Program{Vars: 1, RWMutexes: 1, Main: []Op{
			gof(Op{Kind: RWSection, Obj: 0, Var: 0, Site: 1, N: 1}),
			Op{Kind: RWSection, Obj: 0, Var: 0, Site: 2, N: 1}, rd(0, 3)}}, pairs: []Pair{{1, 3}}, outcomes: 2},
		// A Lock waiting for a reader bars new readers (package sync's
		// writer preference): the second reader's RLock waits, the first
		// reader waits for its send.
		{name: "rw-waiting-writer-bars-readers", p: Program{Chans: []int{0}, RWMutexes: 1, Main: []Op{
			gof(op(WLock, 0), op(WUnlock, 0)),
			gof(op(RLock, 0), op(Send, 0), op(RUnlock, 0)),
			op(RLock, 0), op(Recv, 0), op(RUnlock, 0)}}, some: true},
		// A section waiting for a reader runs at its RUnlock, and lets in
		// the reader that waited for it, which goes on to its read.
		{name: "rw-section-waits-for-reader", p: Program{Vars: 1, RWMutexes: 1, Main: []Op{
			op(RLock, 0),
			gof(Op{Kind: RWSection, Obj: 0, Var: 0, Site: 1, N: 1}),
			gof(op(RLock, 0), rd(0, 2), op(RUnlock, 0)),
			op(RUnlock, 0)}}, outcomes: 1},
		{name: "rw-recursive-read", p: Program{RWMutexes: 1, Main: []Op{
			gof(op(WLock, 0), op(WUnlock, 0)),
			op(RLock, 0), op(RLock, 0), op(RUnlock, 0), op(RUnlock, 0)}}, some: true, outcomes: 2},
		{name: "rw-read-then-write-self", p: Program{RWMutexes: 1, Main: []Op{
			op(RLock, 0), op(WLock, 0)}}, some: true, all: true},
		{name: "runlock-unlocked", p: Program{RWMutexes: 1, Main: []Op{op(RUnlock, 0)}}, panics: true},
		{name: "rw-unlock-unlocked", p: Program{RWMutexes: 1, Main: []Op{op(RLock, 0), op(WUnlock, 0)}}, panics: true},
		{name: "close-twice", p: Program{Chans: []int{0}, Main: []Op{gof(op(Close, 0)), op(Close, 0)}}, panics: true},
		{name: "send-after-close", p: Program{Chans: []int{1}, Main: []Op{gof(op(Close, 0)), op(Send, 0)}}, panics: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, err := Explore(tt.p, 1e5)
			if err != nil {
				t.Fatal(err)
			}
			if (r.Panic != "") != tt.panics {
				t.Fatalf("panic %q, want one: %v", r.Panic, tt.panics)
			}
			if tt.panics {
				return
			}
			var got []Pair
			for p := range r.Pairs {
				got = append(got, p)
			}
			slices.SortFunc(got, func(a, b Pair) int {
				if a[0] != b[0] {
					return a[0] - b[0]
				}
				return a[1] - b[1]
			})
			if !slices.Equal(got, tt.pairs) {
				t.Errorf("pairs %v, want %v\n%s", got, tt.pairs, tt.p)
			}
			if r.SomeDeadlock() != tt.some || r.AllDeadlock() != tt.all {
				t.Errorf("deadlock some %v all %v, want %v %v", r.SomeDeadlock(), r.AllDeadlock(), tt.some, tt.all)
			}
			if tt.outcomes != 0 && len(r.Outcomes) != tt.outcomes {
				t.Errorf("outcomes %+v, want %d", r.Outcomes, tt.outcomes)
			}
		})
	}
}

// TestGenerate checks that programs are reproducible from their seed and
// stay within their size, and that the sections of an RWMutex are
// balanced and do not overlap in a goroutine.
func TestGenerate(t *testing.T) {
	for _, sz := range []Size{
		{Goroutines: 4, Sync: 12, Vars: 3, Accesses: 2},
		{Goroutines: 4, Sync: 12, Vars: 3, Accesses: 2, RW: true},
		{Goroutines: 4, Sync: 12, Vars: 3, Accesses: 2, Sections: true, RW: true},
	} {
		t.Run(fmt.Sprintf("sections=%v,rw=%v", sz.Sections, sz.RW), func(t *testing.T) { testGenerate(t, sz) })
	}
}

func testGenerate(t *testing.T, sz Size) {
	rw := 0
	for seed := uint64(0); seed < 200; seed++ {
		p := Generate(rand.New(rand.NewPCG(seed, 1)), sz)
		q := Generate(rand.New(rand.NewPCG(seed, 1)), sz)
		if p.String() != q.String() {
			t.Fatalf("seed %d: two programs", seed)
		}
		gs, _ := p.Stats()
		if gs < 2 || gs > sz.Goroutines {
			t.Errorf("seed %d: %d goroutines\n%s", seed, gs, p)
		}
		sites := map[int]bool{}
		var walk func([]Op)
		walk = func(ops []Op) {
			for _, o := range ops {
				if sites[o.Site] {
					t.Errorf("seed %d: site %d twice", seed, o.Site)
				}
				sites[o.Site] = true
				walk(o.Body)
				walk(o.Else)
			}
		}
		walk(p.Main)
		if n := checkRWNesting(t, p.Main, p.RWMutexes); n > 0 {
			rw++
		} else if p.RWMutexes > 0 {
			t.Errorf("seed %d: %d RWMutexes, no operation of one\n%s", seed, p.RWMutexes, p)
		}
	}
	if sz.RW && rw < 40 {
		t.Errorf("only %d of 200 programs use an RWMutex", rw)
	}
	if !sz.RW && rw > 0 {
		t.Errorf("%d programs use an RWMutex without Size.RW", rw)
	}
}

// checkRWNesting checks that each goroutine's list of operations (the
// body of a go statement, and goroutine 1's) locks each RWMutex at most
// once at a time and unlocks it after, and returns how many operations of
// an RWMutex the program makes.
func checkRWNesting(t *testing.T, ops []Op, rws int) int {
	t.Helper()
	n := 0
	held := map[int]Kind{}
	for _, o := range ops {
		if o.Kind.IsRW() {
			n++
			if o.Obj < 0 || o.Obj >= rws {
				t.Errorf("rw%d of %d", o.Obj, rws)
			}
		}
		switch o.Kind {
		case RLock, WLock:
			if k, ok := held[o.Obj]; ok {
				t.Errorf("rw%d locked (%v) twice", o.Obj, k)
			}
			held[o.Obj] = o.Kind
		case RUnlock, WUnlock:
			if k, ok := held[o.Obj]; !ok || (k == RLock) != (o.Kind == RUnlock) {
				t.Errorf("%v of rw%d, held %v (%v)", o.Kind, o.Obj, k, ok)
			}
			delete(held, o.Obj)
		case RWSection:
			if k, ok := held[o.Obj]; ok {
				t.Errorf("a section of rw%d, held %v", o.Obj, k)
			}
		case Go:
			n += checkRWNesting(t, o.Body, rws)
		}
	}
	if len(held) > 0 {
		t.Errorf("rw locks held at the end: %v", held)
	}
	return n
}

// TestMemo checks that exploring each state once (Explore) finds what
// exploring every interleaving finds: the state key holds everything the
// future of an interleaving depends on.
func TestMemo(t *testing.T) {
	for _, sz := range []Size{
		{Goroutines: 3, Sync: 7, Vars: 2, Accesses: 2},
		{Goroutines: 3, Sync: 7, Vars: 2, Accesses: 2, Sections: true, RW: true},
	} {
		t.Run(fmt.Sprintf("rw=%v", sz.RW), func(t *testing.T) { testMemo(t, sz) })
	}
}

func testMemo(t *testing.T, sz Size) {
	n := 0
	for seed := uint64(0); seed < 400; seed++ {
		p := Generate(rand.New(rand.NewPCG(seed, 2)), sz)
		full, err := explore(p, 20000, true)
		if err != nil {
			continue // too many interleavings to enumerate one by one
		}
		memo, err := Explore(p, 20000)
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		n++
		if (full.Panic != "") != (memo.Panic != "") {
			t.Fatalf("seed %d: panic %q, memoised %q", seed, full.Panic, memo.Panic)
		}
		if len(full.Pairs) != len(memo.Pairs) {
			t.Errorf("seed %d: pairs %v, memoised %v\n%s", seed, full.Pairs, memo.Pairs, p)
		}
		for pr := range full.Pairs {
			if _, ok := memo.Pairs[pr]; !ok {
				t.Errorf("seed %d: pair %v missing when memoised\n%s", seed, pr, p)
			}
		}
		if len(full.Outcomes) != len(memo.Outcomes) {
			t.Errorf("seed %d: outcomes %v, memoised %v\n%s", seed, full.Outcomes, memo.Outcomes, p)
		}
		for _, o := range full.Outcomes {
			if !slices.Contains(memo.Outcomes, o) {
				t.Errorf("seed %d: outcome %v missing when memoised\n%s", seed, o, p)
			}
		}
		if memo.States > full.States {
			t.Errorf("seed %d: %d states memoised, %d not", seed, memo.States, full.States)
		}
	}
	if n < 200 {
		t.Errorf("only %d programs small enough to compare", n)
	}
	t.Logf("%d programs compared", n)
}
