// Command goprog is plain Go code written as tpinstr rewrites it: every
// access and every synchronisation goes through package rt's hooks. The
// tests of package rt run its scenarios (the first argument) to check the
// reports, verdicts and exit statuses of runs of goroutines.
package main

import (
	"context"
	"fmt"
	"os"
	"sync"
	"time"

	"github.com/tpinstr/tpinstr/rt"
)

var base = rt.Register("goprog", []rt.SiteInfo{
	0: {File: "goprog.go", Line: 1, Col: 1, Expr: "x", Func: "main.writer"},
	1: {File: "goprog.go", Line: 2, Col: 1, Expr: "x", Func: "main.reader"},
	2: {File: "goprog.go", Line: 3, Col: 1, Expr: "go", Func: "main.main"},
	3: {File: "goprog.go", Line: 4, Col: 1, Expr: "mu.Lock", Func: "main.main"},
	4: {File: "goprog.go", Line: 5, Col: 1, Expr: "wg.Wait", Func: "main.main"},
	5: {File: "goprog.go", Line: 6, Col: 1, Expr: "<-ch", Func: "main.main"},
	6: {File: "goprog.go", Line: 7, Col: 1, Expr: "time.Sleep", Func: "main.main"},
})

var scenarios = map[string]func(){
	// Two goroutines write x with nothing between them.
	"race": func() {
		var x int
		var wg sync.WaitGroup
		rt.WaitGroupAdd(&wg, 2, base+4)
		for i := 0; i < 2; i++ {
			rt.Go(func() {
				rt.Write(&x, base+0)
				x++
				rt.WaitGroupDone(&wg, base+4)
			}, base+2)
		}
		rt.WaitGroupWait(&wg, base+4)
	},
	// A result channel used as a future orders the write before the read.
	"future": func() {
		var x int
		ch := make(chan int)
		rt.Go(func() {
			rt.Write(&x, base+0)
			x = 42
			rt.Send(ch, 1, base+5)
		}, base+2)
		rt.Recv(ch, base+5)
		rt.Read(&x, base+1)
		fmt.Println(x)
	},
	// The future again, with an access the rewriter could not hook
	// reached twice: the verdict names it, once.
	"unchecked": func() {
		var x int
		ch := make(chan int)
		rt.Go(func() {
			rt.Write(&x, base+0)
			x = 42
			rt.Send(ch, 1, base+5)
		}, base+2)
		rt.Recv(ch, base+5)
		for range 2 {
			rt.Unchecked(base + 1)
			_ = x
		}
		fmt.Println(x)
	},
	// Two goroutines lock one mutex: the order is a choice.
	"mutex": func() {
		var x int
		var mu sync.Mutex
		var wg sync.WaitGroup
		for i := 0; i < 2; i++ {
			rt.WaitGroupAdd(&wg, 1, base+4)
			rt.Go(func() {
				rt.MutexLock(&mu, base+3)
				rt.Write(&x, base+0)
				x++
				rt.MutexUnlock(&mu, base+3)
				rt.WaitGroupDone(&wg, base+4)
			}, base+2)
		}
		rt.WaitGroupWait(&wg, base+4)
		fmt.Println(x)
	},
	// A write outside the lock that the depth-first lock order hides: in
	// the other order of the two sections, nothing orders it before the
	// read.
	"masked": func() {
		var x, n int
		var mu sync.Mutex
		var wg sync.WaitGroup
		rt.WaitGroupAdd(&wg, 2, base+4)
		rt.Go(func() {
			rt.Write(&x, base+0)
			x = 1
			rt.MutexLock(&mu, base+3)
			rt.Write(&n, base+3) // a section that writes: not read-only
			n++
			rt.MutexUnlock(&mu, base+3)
			rt.WaitGroupDone(&wg, base+4)
		}, base+2)
		rt.Go(func() {
			rt.MutexLock(&mu, base+3)
			rt.Write(&n, base+3)
			n++
			rt.MutexUnlock(&mu, base+3)
			rt.Read(&x, base+1)
			fmt.Println(x)
			rt.WaitGroupDone(&wg, base+4)
		}, base+2)
		rt.WaitGroupWait(&wg, base+4)
	},
	// A goroutine waits for ever on a channel nobody sends on, while main
	// returns: a leak.
	"leak": func() {
		ch := make(chan int)
		rt.Go(func() { rt.Recv(ch, base+5) }, base+2)
		fmt.Println("done")
	},
	// Main waits on a channel nobody sends on.
	"deadlock": func() {
		ch := make(chan int)
		rt.Go(func() { rt.Recv(ch, base+5) }, base+2)
		rt.Recv(ch, base+5)
	},
	// One goroutine sends on a channel that another closes: in the
	// schedule in which the close comes first, the send panics.
	"panic": func() {
		ch := make(chan int, 1)
		var wg sync.WaitGroup
		rt.WaitGroupAdd(&wg, 2, base+4)
		rt.Go(func() {
			rt.Send(ch, 1, base+5)
			rt.WaitGroupDone(&wg, base+4)
		}, base+2)
		rt.Go(func() {
			rt.Close(ch, base+5)
			rt.WaitGroupDone(&wg, base+4)
		}, base+2)
		rt.WaitGroupWait(&wg, base+4)
		fmt.Println("done")
	},
	// No goroutine at all: no verdict line.
	// A goroutine sleeps for a second; then goroutine 1, a nanosecond
	// later on the run's clock, makes a context whose timeout ends at the
	// same instant: the sleep, started first, ends first.
	"timeout-order": func() {
		done := make(chan int)
		rt.Go(func() {
			rt.Sleep(time.Second, base+6)
			fmt.Println("sleep")
			rt.Send(done, 1, base+5)
		}, base+2)
		rt.Sleep(time.Nanosecond, base+6)
		ctx, cancel := rt.WithTimeout(context.Background(), time.Second-time.Nanosecond, base+6)
		defer cancel()
		rt.Recv(ctx.Done(), base+5)
		fmt.Println("timeout")
		rt.Recv(done, base+5)
	},
	"sequential": func() {
		var mu sync.Mutex
		rt.MutexLock(&mu, base+3)
		rt.MutexUnlock(&mu, base+3)
		fmt.Println("done")
	},
}

func main() {
	defer rt.Exit()
	f := scenarios[os.Args[1]]
	if f == nil {
		fmt.Fprintln(os.Stderr, "no scenario", os.Args[1])
		os.Exit(2)
	}
	f()
}
