// Command xparallel holds programs whose exploration runs many schedules,
// written as tpinstr rewrites them (every access and every task-library or
// synchronisation call goes through package rt's hooks). The test of
// parallel exploration (parallel_exec_test.go) runs each scenario, the
// first argument, with TPINSTR=explore_procs=1 and with several children
// at once, and compares what the two print.
package main

import (
	"fmt"
	"os"
	"strconv"
	"sync"

	"github.com/tpinstr/tpinstr/rt"
	"github.com/tpinstr/tpinstr/rt/task"
)

var base = rt.Register("xparallel", []rt.SiteInfo{
	0:  {File: "xparallel.go", Line: 1, Kind: rt.KindRun, Expr: "task.Run", Func: "main.main"},
	1:  {File: "xparallel.go", Line: 2, Kind: rt.KindFinish, Expr: "t.Finish", Func: "main.main"},
	2:  {File: "xparallel.go", Line: 3, Kind: rt.KindAsync, Expr: "t.Async", Func: "main.main"},
	3:  {File: "xparallel.go", Line: 4, Kind: rt.KindIsolated, Expr: "t.Isolated", Func: "main.mix"},
	4:  {File: "xparallel.go", Line: 5, Kind: rt.KindRead, Expr: "r", Func: "main.mix"},
	5:  {File: "xparallel.go", Line: 6, Kind: rt.KindWrite, Expr: "r", Func: "main.mix"},
	6:  {File: "xparallel.go", Line: 7, Kind: rt.KindWrite, Expr: "x", Func: "main.spawned"},
	7:  {File: "xparallel.go", Line: 8, Kind: rt.KindWrite, Expr: "x", Func: "main.writer"},
	8:  {File: "xparallel.go", Line: 9, Kind: rt.KindFuture, Expr: "task.NewFuture", Func: "main.main"},
	9:  {File: "xparallel.go", Line: 10, Kind: rt.KindGet, Expr: "h.Get", Func: "main.other"},
	10: {File: "xparallel.go", Line: 11, Kind: rt.KindRead, Expr: "fa", Func: "main.other"},
	11: {File: "xparallel.go", Line: 12, Kind: rt.KindWrite, Expr: "fa", Func: "main.main"},
	12: {File: "xparallel.go", Line: 13, Kind: rt.KindGet, Expr: "a.Get", Func: "main.main"},
	13: {File: "xparallel.go", Line: 14, Expr: "go", Func: "main.main"},
	14: {File: "xparallel.go", Line: 15, Expr: "mu.Lock", Func: "main.locker"},
	15: {File: "xparallel.go", Line: 16, Expr: "wg.Wait", Func: "main.main"},
	16: {File: "xparallel.go", Line: 17, Kind: rt.KindWrite, Expr: "y", Func: "main.locker"},
	17: {File: "xparallel.go", Line: 18, Kind: rt.KindRead, Expr: "y", Func: "main.locker"},
	18: {File: "xparallel.go", Line: 19, Expr: "mu2.Lock", Func: "main.locker"},
	19: {File: "xparallel.go", Line: 20, Kind: rt.KindWrite, Expr: "n", Func: "main.locker"},
})

const (
	sRun = iota
	sFinish
	sAsync
	sIso
	sReadR
	sWriteR
	sSpawned
	sWriter
	sFuture
	sGetH
	sReadF
	sWriteF
	sGetA
	sGo
	sLock
	sWait
	sWriteY
	sReadY
	sLock2
	sWriteN
)

var (
	r, x  int
	fa    [2]*task.Future[int]
	y     int
	n     int // written in every section of go-masked, which then does not only read
	mu    sync.Mutex
	mu2   sync.Mutex
	tasks = 4
)

// mix is a section that does not commute with another like it: r = 3r + i.
func mix(t *task.T, i int) {
	rt.At(t, base+sIso).Isolated(func() {
		rt.Read(&r, base+sReadR)
		rt.Write(&r, base+sWriteR)
		r = 3*r + i
	})
}

var scenarios = map[string]func(){
	// Tasks 1..n mix r; the last task spawns a writer of x only when its
	// section runs first (r is still 0), in parallel with another writer:
	// the depth-first order runs it last, so only later schedules race.
	"iso-race": func() {
		task.Run(rt.At(func(t *task.T) {
			rt.At(t, base+sFinish).Finish(func(t *task.T) {
				for i := 1; i <= tasks; i++ {
					rt.At(t, base+sAsync).Async(func(t *task.T) { mix(t, i) })
				}
				rt.At(t, base+sAsync).Async(func(t *task.T) {
					spawn := false
					rt.At(t, base+sIso).Isolated(func() {
						rt.Read(&r, base+sReadR)
						spawn = r == 0
					})
					if spawn {
						rt.At(t, base+sAsync).Async(func(*task.T) {
							rt.Write(&x, base+sSpawned)
							x = 1
						})
					}
				})
				rt.At(t, base+sAsync).Async(func(*task.T) {
					rt.Write(&x, base+sWriter)
					x = 2
				})
			})
		}, base+sRun))
	},
	// Two futures each get the other's through a variable set in an
	// isolated section: the schedules where both see the other's deadlock.
	"iso-deadlock": func() {
		task.Run(rt.At(func(t *task.T) {
			other := func(t *task.T, mine int) int {
				var h *task.Future[int]
				rt.At(t, base+sIso).Isolated(func() {
					rt.Read(&fa[1-mine], base+sReadF)
					h = fa[1-mine]
				})
				if h == nil {
					return 1
				}
				return rt.At(h, base+sGetH).Get() + 1
			}
			for i := 1; i <= tasks-2; i++ {
				rt.At(t, base+sAsync).Async(func(t *task.T) { mix(t, i) })
			}
			for k := range 2 {
				f := task.NewFuture(rt.At(t, base+sFuture), func(t *task.T) int { return other(t, k) })
				rt.At(t, base+sIso).Isolated(func() {
					rt.Write(&fa[k], base+sWriteF)
					fa[k] = f
				})
			}
			_ = rt.At(fa[0], base+sGetA).Get()
		}, base+sRun))
	},
	// Many sections that do not commute: more orders than the limit.
	"iso-budget": func() {
		task.Run(rt.At(func(t *task.T) {
			for i := 1; i <= tasks+2; i++ {
				rt.At(t, base+sAsync).Async(func(t *task.T) { mix(t, i) })
			}
		}, base+sRun))
	},
	// Goroutines lock one mutex and write n in their sections; one of
	// them writes y outside the lock, another reads it inside: the
	// depth-first order of the lock hides the race, later orders show it.
	"go-masked": func() {
		var wg sync.WaitGroup
		rt.WaitGroupAdd(&wg, tasks, base+sWait)
		for i := range tasks {
			rt.Go(func() {
				if i == 0 {
					rt.Write(&y, base+sWriteY)
					y = 1
				}
				rt.MutexLock(&mu, base+sLock)
				rt.Write(&n, base+sWriteN)
				n = i
				if i == tasks-1 {
					rt.Read(&y, base+sReadY)
					_ = y
				}
				rt.MutexUnlock(&mu, base+sLock)
				rt.WaitGroupDone(&wg, base+sWait)
			}, base+sGo)
		}
		rt.WaitGroupWait(&wg, base+sWait)
	},
	// Two goroutines take two mutexes in opposite orders: some orders
	// deadlock.
	"go-deadlock": func() {
		var wg sync.WaitGroup
		rt.WaitGroupAdd(&wg, 2, base+sWait)
		for i := range 2 {
			rt.Go(func() {
				first, second := &mu, &mu2
				if i == 1 {
					first, second = second, first
				}
				rt.MutexLock(first, base+sLock)
				rt.MutexLock(second, base+sLock2)
				rt.MutexUnlock(second, base+sLock2)
				rt.MutexUnlock(first, base+sLock)
				rt.WaitGroupDone(&wg, base+sWait)
			}, base+sGo)
		}
		rt.WaitGroupWait(&wg, base+sWait)
	},
}

func main() {
	defer rt.Exit()
	if len(os.Args) < 2 || scenarios[os.Args[1]] == nil {
		fmt.Fprintln(os.Stderr, "usage: xparallel SCENARIO [TASKS]")
		os.Exit(2)
	}
	if len(os.Args) > 2 {
		n, err := strconv.Atoi(os.Args[2])
		if err != nil {
			fmt.Fprintln(os.Stderr, "xparallel:", err)
			os.Exit(2)
		}
		tasks = n
	}
	scenarios[os.Args[1]]()
}
