package task_test

import (
	"runtime"
	"sync"
	"testing"

	"golang.org/x/sync/errgroup"

	"github.com/tpinstr/tpinstr/rt/task"
)

// The benchmarks compare each construct with what a Go programmer would
// write by hand. Run them with short runs, e.g.
//
//	go test -run '^$' -bench . -benchtime=200ms -count=5 ./rt/task/
//
// and with -tags tpserial for the serial elision baseline. Besides the
// wall time (ns/op), each benchmark reports the CPU time the process used per
// operation on all threads (cpu-ns/op): the work a construct costs, which
// other processes on a shared machine cannot inflate.

// measureCPU starts measuring the process's CPU time; the function it
// returns reports it per operation. Use it as defer measureCPU(b)().
func measureCPU(b *testing.B) func() {
	start, ok := cpuTime()
	return func() {
		if end, ok2 := cpuTime(); ok && ok2 {
			b.ReportMetric(float64(end-start)/float64(b.N), "cpu-ns/op")
		}
	}
}

// sink keeps results alive so that the compiler cannot drop the work.
var sink int

// spawnBatch is how many tasks the spawn benchmarks join at a time: large
// enough to amortize the join, small enough to stay under the spawn throttle.
const spawnBatch = 1000

// BenchmarkSpawn measures the cost per task of spawning and joining tasks
// that do nothing, in joins of spawnBatch tasks: Async in a Finish, a go
// statement with a sync.WaitGroup, and errgroup.Group.Go.
func BenchmarkSpawn(b *testing.B) {
	b.Run("Async", func(b *testing.B) {
		defer measureCPU(b)()
		b.ReportAllocs()
		task.Run(func(t *task.T) {
			for n := b.N; n > 0; n -= spawnBatch {
				t.Finish(func(t *task.T) {
					for range min(n, spawnBatch) {
						t.Async(func(*task.T) {})
					}
				})
			}
		})
	})
	b.Run("GoWaitGroup", func(b *testing.B) {
		defer measureCPU(b)()
		b.ReportAllocs()
		var wg sync.WaitGroup
		for n := b.N; n > 0; n -= spawnBatch {
			for range min(n, spawnBatch) {
				wg.Add(1)
				go func() { wg.Done() }()
			}
			wg.Wait()
		}
	})
	b.Run("Errgroup", func(b *testing.B) {
		defer measureCPU(b)()
		b.ReportAllocs()
		for n := b.N; n > 0; n -= spawnBatch {
			var g errgroup.Group
			for range min(n, spawnBatch) {
				g.Go(func() error { return nil })
			}
			if err := g.Wait(); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// BenchmarkSpawnFlat is BenchmarkSpawn with all b.N tasks in one join, where
// the spawn throttle of the parallel build runs tasks inline once thousands
// are outstanding.
func BenchmarkSpawnFlat(b *testing.B) {
	b.Run("Async", func(b *testing.B) {
		defer measureCPU(b)()
		b.ReportAllocs()
		task.Run(func(t *task.T) {
			for range b.N {
				t.Async(func(*task.T) {})
			}
		})
	})
	b.Run("GoWaitGroup", func(b *testing.B) {
		defer measureCPU(b)()
		b.ReportAllocs()
		var wg sync.WaitGroup
		for range b.N {
			wg.Add(1)
			go func() { wg.Done() }()
		}
		wg.Wait()
	})
}

// loopSize is the iteration count of the loop benchmarks.
const loopSize = 1_000_000

func tinyStep(xs []int, i int) { xs[i] = xs[i]*3 + i }

func smallStep(xs []int, i int) {
	x := uint64(i) + uint64(xs[i])
	x ^= x >> 33
	x *= 0xff51afd7ed558ccd
	x ^= x >> 33
	x *= 0xc4ceb9fe1a85ec53
	xs[i] = int(x ^ x>>33)
}

// loopBodies are the bodies of the loop benchmarks: tiny is one multiply-add
// on a slice element (well under a nanosecond, so the loop measures nothing
// but scheduling and the call of the body), small is a hash of the element (a
// few nanoseconds). Each is written as its user would write it: as the body
// of a ForAll, as a function value called by a hand-chunked loop, and as a
// hand-chunked loop with the body inlined.
var loopBodies = []struct {
	name  string
	task  func(xs []int) func(t *task.T, i int)
	fn    func(xs []int) func(i int)
	chunk func(xs []int, lo, hi int)
}{
	{
		"tiny",
		func(xs []int) func(*task.T, int) { return func(_ *task.T, i int) { tinyStep(xs, i) } },
		func(xs []int) func(int) { return func(i int) { tinyStep(xs, i) } },
		func(xs []int, lo, hi int) {
			for i := lo; i < hi; i++ {
				tinyStep(xs, i)
			}
		},
	},
	{
		"small",
		func(xs []int) func(*task.T, int) { return func(_ *task.T, i int) { smallStep(xs, i) } },
		func(xs []int) func(int) { return func(i int) { smallStep(xs, i) } },
		func(xs []int, lo, hi int) {
			for i := lo; i < hi; i++ {
				smallStep(xs, i)
			}
		},
	},
}

// BenchmarkForAll measures one loop of loopSize iterations: ForAll,
// goroutines over GOMAXPROCS equal chunks written out by hand (calling the
// body through a function value as ForAll does, and with the body inlined),
// and a plain serial loop.
func BenchmarkForAll(b *testing.B) {
	xs := make([]int, loopSize)
	for _, lb := range loopBodies {
		b.Run(lb.name+"/ForAll", func(b *testing.B) {
			defer measureCPU(b)()
			body := lb.task(xs)
			task.Run(func(t *task.T) {
				for range b.N {
					t.ForAll(0, loopSize, body)
				}
			})
		})
		b.Run(lb.name+"/HandChunkedFunc", func(b *testing.B) {
			defer measureCPU(b)()
			body := lb.fn(xs)
			for range b.N {
				handChunked(loopSize, func(lo, hi int) {
					for i := lo; i < hi; i++ {
						body(i)
					}
				})
			}
		})
		b.Run(lb.name+"/HandChunked", func(b *testing.B) {
			defer measureCPU(b)()
			for range b.N {
				handChunked(loopSize, func(lo, hi int) { lb.chunk(xs, lo, hi) })
			}
		})
		b.Run(lb.name+"/Serial", func(b *testing.B) {
			defer measureCPU(b)()
			for range b.N {
				lb.chunk(xs, 0, loopSize)
			}
		})
	}
	sink = xs[loopSize-1]
}

// handChunked runs chunk on GOMAXPROCS equal parts of [0, n), one goroutine
// each, and waits for them.
func handChunked(n int, chunk func(lo, hi int)) {
	p := runtime.GOMAXPROCS(0)
	var wg sync.WaitGroup
	for k := range p {
		wg.Add(1)
		go func() {
			defer wg.Done()
			chunk(k*n/p, (k+1)*n/p)
		}()
	}
	wg.Wait()
}

// fibN and fibCutoff are the size of the fib benchmarks and the argument
// below which they compute serially.
const fibN, fibCutoff = 30, 15

func fibSerialBench(n int) int {
	if n < 2 {
		return n
	}
	return fibSerialBench(n-1) + fibSerialBench(n-2)
}

func fibFuture(t *task.T, n int) int {
	if n < fibCutoff {
		return fibSerialBench(n)
	}
	left := task.NewFuture(t, func(t *task.T) int { return fibFuture(t, n-1) })
	return fibFuture(t, n-2) + left.Get()
}

func fibChannel(n int) int {
	if n < fibCutoff {
		return fibSerialBench(n)
	}
	left := make(chan int, 1)
	go func() { left <- fibChannel(n - 1) }()
	return fibChannel(n-2) + <-left
}

// BenchmarkFib30 measures fib(30) with a future per call above the cutoff,
// with a goroutine and a channel per call above it, and serially.
func BenchmarkFib30(b *testing.B) {
	b.Run("Futures", func(b *testing.B) {
		defer measureCPU(b)()
		b.ReportAllocs()
		for range b.N {
			task.Run(func(t *task.T) { sink = fibFuture(t, fibN) })
		}
	})
	b.Run("Channels", func(b *testing.B) {
		defer measureCPU(b)()
		b.ReportAllocs()
		for range b.N {
			sink = fibChannel(fibN)
		}
	})
	b.Run("Serial", func(b *testing.B) {
		defer measureCPU(b)()
		for range b.N {
			sink = fibSerialBench(fibN)
		}
	})
}

// BenchmarkCounter measures an increment of a shared counter inside Isolated
// and under a sync.Mutex, by one task (uncontended) and by b.N tasks spread
// over every core (contended).
func BenchmarkCounter(b *testing.B) {
	b.Run("Isolated/uncontended", func(b *testing.B) {
		defer measureCPU(b)()
		counter := 0
		task.Run(func(t *task.T) {
			for range b.N {
				t.Isolated(func() { counter++ })
			}
		})
		sink = counter
	})
	b.Run("Mutex/uncontended", func(b *testing.B) {
		defer measureCPU(b)()
		counter := 0
		var mu sync.Mutex
		for range b.N {
			mu.Lock()
			counter++
			mu.Unlock()
		}
		sink = counter
	})
	b.Run("Isolated/contended", func(b *testing.B) {
		defer measureCPU(b)()
		counter := 0
		task.Run(func(t *task.T) {
			t.ForAll(0, b.N, func(t *task.T, _ int) { t.Isolated(func() { counter++ }) })
		})
		sink = counter
	})
	b.Run("Mutex/contended", func(b *testing.B) {
		defer measureCPU(b)()
		counter := 0
		var mu sync.Mutex
		handChunked(b.N, func(lo, hi int) {
			for range hi - lo {
				mu.Lock()
				counter++
				mu.Unlock()
			}
		})
		sink = counter
	})
}
