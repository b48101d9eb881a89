package goexec

import (
	"testing"

	"github.com/tpinstr/tpinstr/rt/internal/goprog"
)

// TestEveryOrder checks that exploration reaches every Mazurkiewicz trace
// of programs whose traces are known: n goroutines that each make one
// section of a mutex (n! orders of the Locks), the same with a channel of
// capacity 1 as a semaphore, and goroutines that each make a section of
// one mutex and then of another (n!² orders: the goroutines may be
// delayed between the two). Every order of the Locks is a trace of its
// own, as the sections write one variable; the test counts the distinct
// orders the runs made (Fingerprint) and the runs it took.
func TestEveryOrder(t *testing.T) {
	lock := func(m int) []goprog.Op {
		return []goprog.Op{{Kind: goprog.Lock, Obj: m}, {Kind: goprog.Write, Var: m}, {Kind: goprog.Unlock, Obj: m}}
	}
	sem := []goprog.Op{{Kind: goprog.Send}, {Kind: goprog.Write}, {Kind: goprog.Recv}}
	fact := func(n int) int {
		f := 1
		for i := 2; i <= n; i++ {
			f *= i
		}
		return f
	}
	tests := []struct {
		name   string
		n      int
		body   []goprog.Op
		chans  []int
		orders int
		// addEach: main adds 1 to the WaitGroup before each go statement,
		// rather than n before the first.
		addEach bool
	}{
		{"mutex", 3, lock(0), nil, fact(3), false},
		{"mutex", 4, lock(0), nil, fact(4), false},
		{"mutex", 5, lock(0), nil, fact(5), false},
		{"semaphore", 4, sem, []int{1}, fact(4), false},
		{"semaphore", 5, sem, []int{1}, fact(5), false},
		{"two mutexes", 2, append(lock(0), lock(1)...), nil, fact(2) * fact(2), false},
		{"two mutexes", 3, append(lock(0), lock(1)...), nil, fact(3) * fact(3), false},
		{"mutex, Add before each go", 4, lock(0), nil, fact(4), true},
		{"two mutexes, Add before each go", 3, append(lock(0), lock(1)...), nil, fact(3) * fact(3), true},
	}
	for _, tt := range tests {
		p := goprog.Program{Vars: 2, Chans: tt.chans, WGs: 1, Mutexes: 2}
		if !tt.addEach {
			p.Main = append(p.Main, goprog.Op{Kind: goprog.Add, N: tt.n})
		}
		for range tt.n {
			if tt.addEach {
				p.Main = append(p.Main, goprog.Op{Kind: goprog.Add, N: 1})
			}
			body := append(append([]goprog.Op(nil), tt.body...), goprog.Op{Kind: goprog.Done})
			p.Main = append(p.Main, goprog.Op{Kind: goprog.Go, Body: body})
		}
		p.Main = append(p.Main, goprog.Op{Kind: goprog.Wait})
		w := walkOrders(t, p, 100*tt.orders)
		if len(w.orders) != tt.orders || w.diverged > 0 || w.left > 0 {
			t.Errorf("%s, %d goroutines: %d orders in %d runs (%d diverged, %d left), want %d orders",
				tt.name, tt.n, len(w.orders), w.runs, w.diverged, w.left, tt.orders)
		}
		t.Logf("%s, %d goroutines: %d orders in %d runs", tt.name, tt.n, len(w.orders), w.runs)
	}
}

// walk is what walkOrders saw: the runs, the distinct orders of their
// objects' operations, the runs that could not follow their order, and the
// schedules left when the limit stopped it.
type walk struct {
	runs, diverged, left int
	orders               map[string]bool
}

// walkOrders numbers the sites of p and explores it as the checker does,
// up to limit runs: every schedule that a run lists and no run covers.
func walkOrders(t *testing.T, p goprog.Program, limit int) walk {
	t.Helper()
	site := 0
	numberSites(p.Main, &site)
	seen := map[string]bool{}
	w := walk{orders: map[string]bool{}}
	work := []Schedule{{}}
	var ran Ran
	for len(work) > 0 && w.runs < limit {
		s := work[len(work)-1]
		work = work[:len(work)-1]
		if seen[s.Replay()] || ran.Covers(s) {
			continue
		}
		seen[s.Replay()] = true
		w.runs++
		r, err := runProgram(p, s)
		if err != nil {
			t.Fatalf("schedule %s: %v\n%s", s, err, p)
		}
		if r.diverged {
			w.diverged++
		} else {
			ran.Add(s, r.attempts)
		}
		w.orders[r.orders] = true
		work = append(work, r.alts...)
	}
	w.left = len(work)
	return w
}

// numberSites gives the operations of ops, nested ones included, sites
// from *site+1 on.
func numberSites(ops []goprog.Op, site *int) {
	for i := range ops {
		*site++
		ops[i].Site = *site
		numberSites(ops[i].Body, site)
		numberSites(ops[i].Else, site)
	}
}

// TestOnceCallers checks that the Dos of a Once that find its function
// run are not explored against one another: n goroutines that each call
// Do k times take n runs, one per goroutine that runs the function (each
// a different graph), however large k is.
func TestOnceCallers(t *testing.T) {
	for _, tt := range []struct{ n, k int }{{2, 1}, {2, 3}, {3, 3}, {4, 5}} {
		p := goprog.Program{Vars: 1, WGs: 1, Onces: 1}
		p.Main = append(p.Main, goprog.Op{Kind: goprog.Add, N: tt.n})
		for range tt.n {
			var body []goprog.Op
			for range tt.k {
				body = append(body, goprog.Op{Kind: goprog.OnceDo, Body: []goprog.Op{{Kind: goprog.Write}}})
			}
			body = append(body, goprog.Op{Kind: goprog.Done})
			p.Main = append(p.Main, goprog.Op{Kind: goprog.Go, Body: body})
		}
		p.Main = append(p.Main, goprog.Op{Kind: goprog.Wait}, goprog.Op{Kind: goprog.Read})
		if w := walkOrders(t, p, 1000); w.runs != tt.n || w.diverged > 0 {
			t.Errorf("%d goroutines, %d Dos each: %d runs (%d diverged), want %d", tt.n, tt.k, w.runs, w.diverged, tt.n)
		}
	}
}
