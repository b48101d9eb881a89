// Package task is a task-parallel library in the Habanero / X10 model: Run,
// Finish, Async, NewFuture and Get, Isolated, ForAll and ForAsync. Programs
// written with it can be proved free of determinacy races by tpinstr: build,
// run or test them with `tpinstr build`, `tpinstr run` or `tpinstr test` and
// every determinacy race that any schedule of the run's input could show is
// reported, with both accesses and the tasks that made them.
//
// # The model
//
// A computation is a tree of tasks. Run starts the root task; a task spawns
// children with Async (a task whose result is its effects) or NewFuture (a
// task that computes a value), and joins them with Finish (every task spawned
// inside it, transitively) or Get (one future, from any task that holds it).
// Isolated bodies exclude one another. Tasks share memory: two accesses to one
// location, one of them a write, by tasks that the joins do not order form a
// determinacy race, and tpinstr finds it.
//
// Go has no goroutine-local state, so the running task is an explicit
// handle, *T, as *testing.T is for a test:
//
//	task.Run(func(t *task.T) {
//		t.Finish(func(t *task.T) {
//			t.Async(func(t *task.T) { left = sum(xs[:n/2]) })
//			right = sum(xs[n/2:])
//		})
//		total = left + right
//	})
//
// The constructs mean:
//
//   - Run(body) runs body as the root task and returns once body and every
//     task it spawned, transitively, have ended. Independent Runs may run at
//     the same time (in parallel tests, say).
//   - t.Finish(body) runs body in the same task, then waits until every task
//     spawned inside it has ended, transitively. Finishes nest.
//   - t.Async(body) spawns body as a child task that may run in parallel with
//     the rest of its parent. Its immediately enclosing finish (IEF) is the
//     innermost Finish open in t when Async is called; a task that the child
//     spawns without a Finish of its own joins the same IEF.
//   - NewFuture(t, body) spawns body as a future task and returns its handle;
//     Get blocks until body has returned and gives its value. Any task
//     holding the handle may call Get, any number of times, so joins need not
//     follow the tree (the non-strict computation graphs of Surendran and
//     Sarkar's futures paper). A future task is also joined by its IEF.
//   - t.Isolated(body) runs body in mutual exclusion with every other Isolated
//     body in the process. Nested Isolated in the same task is allowed.
//   - t.ForAll(lo, hi, body) means
//     t.Finish(func(t *T) { for i := lo; i < hi; i++ { t.Async(func(t *T) { body(t, i) }) } }):
//     each iteration is a logical task, whatever chunking the runtime does.
//     t.ForAsync is the same without the Finish.
//
// # The handle rule
//
// A *T belongs to its task. Use only the handle passed to the body of the
// running task: a body that captures its parent's handle and calls through
// it, or a handle kept after its task returned, is misuse. The analyzer
// (tpvet) reports it; the runtime panics where it can tell cheaply: on every
// call through the handle of a task that has returned, and (in the parallel
// build) through the handle of a task blocked at the end of a Finish. The
// handle of a loop iteration is shared by the iterations that one worker
// runs one after another, so a leaked iteration handle is recognised as dead
// only once its worker has stopped.
//
// # Panics
//
// A panic in a task is never lost and never kills the process from a stray
// goroutine. It is recovered where it happened, with the text of the stack
// at that moment, and carried as a *PanicError to the joiners of the task:
// the enclosing Finish (or Run, or ForAll) re-raises it after every other
// task it joins has ended, and so does every Get of a future whose body
// panicked. A future's panic reaches its IEF even when a Get raised it too,
// so a panic recovered at Get still shows at the Finish; a *PanicError that
// reaches one join several times is recorded there once. Every panic that leaves Run, Finish, ForAll or Get is a *PanicError,
// including a panic of the joiner's own body, so one recover handles all
// schedules. When several tasks of one join panic, the first recorded is
// re-raised and the others travel in its Others field; errors.Is and
// errors.As see the error values of all of them. A panic of one loop
// iteration does not stop the other iterations.
//
// A task that calls runtime.Goexit (t.FailNow of package testing called
// from a task, say) is reported to its joiner as a panic whose value is
// ErrGoexit. When the Goexit happens on the joiner's goroutine itself (in
// Run's body or a Finish body), it goes on once the joined tasks have ended,
// as it would without the library. (Go does not let a recover cancel a
// Goexit: a task that ran on its joiner's goroutine, as a ForAll iteration
// run by the caller or any task of the serial elision does, ends that
// goroutine once the joins it is in have raised their PanicErrors.)
//
// # Misuse
//
// These panic at once, with a message that names the misuse and the fix:
// Async, NewFuture, Finish, ForAll or ForAsync inside an Isolated body (it
// could deadlock, and would let other tasks' effects into an isolated
// region); any call through a dead handle or a handle of another task (where
// the runtime can tell, see above); a nil handle, body or future. Get inside
// an Isolated body is misuse too (it can deadlock), but Get has no handle, so
// only the analyzer and checked runs report it.
//
// # Permission regions
//
// AcquireR, AcquireW, ReleaseR, ReleaseW (on a pointer) and their Range
// variants (on part of a slice) mark regions in which a task reads or
// writes a location, after the gradual-permission regions of Mercer et al.
// (ASE 2015, section IV). They do nothing in the normal and serial builds.
// In the checked build a region counts as one access of its whole range,
// recorded once for all the accesses inside it; regions that conflict and
// may run in parallel are reported as a race, and misuse (a release that
// matches no acquire, a write under a read permission, a task that ends
// holding a permission) as a permission error. With TPINSTR=permissions=strict,
// accesses to shared locations made outside any region or Isolated body are
// reported too.
//
// # Builds
//
// The package has three implementations of this API, chosen by build tags:
//
//   - The normal build is a real parallel runtime, described below.
//   - The serial elision (-tags tpserial) runs every task to completion when
//     it is spawned, computes a future when it is created and takes no lock
//     for Isolated (so Runs on several goroutines are not excluded from one
//     another). It is the sequential baseline of benchmarks and keeps the
//     misuse panics and the panic semantics.
//   - The checked build (-tags tpinstr, set by tpinstr) runs tasks serially
//     in depth-first order and reports every construct to the race detector.
//
// A program must not depend on tasks running at the same time to make
// progress (a task that waits on a channel for a task spawned after it, or
// spins until another task sets a flag): the serial elision and the checked
// build cannot run it, and neither can the parallel build once it runs a
// task inline or two loop iterations on one worker (see below). Joins and
// Get are the ways for a task to wait.
//
// # The parallel runtime and its costs
//
// A task is a goroutine. Async increments its IEF's count of outstanding
// tasks and starts the goroutine; the task's end decrements it, and the
// Finish waits for zero on a semaphore. That is what a go statement with a
// sync.WaitGroup does, plus a handle allocated per task. When a Finish
// already has thousands of tasks outstanding (8192, or 2048 under the race
// detector, which allows a program 8128 goroutines), new tasks of it run
// inline on the spawner's goroutine, which the model allows and which keeps
// a program that spawns faster than its tasks end from piling up goroutines.
//
// ForAll and ForAsync do not start a goroutine per iteration. They split the
// iterations into one share per core (GOMAXPROCS), run by that many workers
// (for ForAll, the caller is one). A worker claims batches of iterations from
// its share, sizing them so that a batch takes about 20µs (thousands of tiny
// iterations, or one long one), and a worker whose share ran out steals the
// back half of the unclaimed iterations of another share. Balanced loops
// cost one compare-and-swap per batch and one call of the body per
// iteration; uneven loops are rebalanced by halving, as recursive splitting
// would.
//
// Costs, measured with bench_test.go on a 2-core AMD EPYC virtual machine
// shared with other jobs (go test -bench . -benchtime=200ms -count=6 or 10,
// with -cpu 1 and -cpu 2; medians). The load of the other jobs made wall times
// swing by ±50%, so the figures are the CPU time the process used per
// operation (the benchmarks' cpu-ns/op metric), which measures the work a
// construct costs but not the speed-up:
//
//	per task, joins of 1000 empty tasks      1 CPU    2 CPUs
//	  Async in a Finish                      215ns    226ns
//	  go statement + sync.WaitGroup          203ns    188ns
//	  errgroup.Group.Go                      206ns    193ns
//	  Async, serial elision (tpserial)        21ns
//	per task, all in one join                1 CPU    2 CPUs
//	  Async (past 8192, run inline)           59ns     93ns
//	  go statement + sync.WaitGroup          771ns    622ns
//	loop of 10^6 iterations                  1 CPU    2 CPUs
//	  tiny body: ForAll                      1.21ms   1.25ms
//	  tiny body: goroutine per core, func    1.25ms   1.25ms
//	  tiny body: goroutine per core, inlined 0.36ms   0.36ms
//	  small body: ForAll                     1.43ms   1.43ms
//	  small body: goroutine per core, func   1.54ms   1.50ms
//	  small body: goroutine per core, inl.   0.96ms   0.94ms
//	fib(30), task per call above 15          1 CPU    2 CPUs
//	  futures (2583 of them)                 4.34ms   4.50ms
//	  goroutine and channel per call         4.14ms   4.29ms
//	  serial                                 3.00ms   3.02ms
//	shared counter increment                 1 task   every core
//	  Isolated                               12.7ns   14.1ns
//	  sync.Mutex                              9.7ns   10.7ns
//
// So a task costs about a goroutine (within 1.2x of go with a WaitGroup), a
// loop iteration costs a call of its body, as in a hand-chunked loop that
// calls a function value (a loop written out by hand with the body inlined
// is faster for bodies of a few nanoseconds, 3.3x for a multiply-add), a
// future's overhead is about 1.2x that of a goroutine with a channel, and
// Isolated costs about 3ns more than a mutex.
package task
