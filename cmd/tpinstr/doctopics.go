package main

// The topics of this file document tpinstr as a whole rather than one
// command: what it rewrites, its limits, its exit statuses and how to
// look into a build. Like every topic, they are printed by 'tpinstr help'
// and make up the package documentation (doc.go is generated from the
// topics; see docs_test.go).
func init() {
	for name, t := range map[string]topic{
		"rewriting": {
			short: "which packages are rewritten, and what gets a hook",
			long: `
By default the packages of the main module are rewritten (of every module of
a go.work workspace), with their tests for tpinstr test. -instr.add adds
packages, -instr.skip removes them. These are never rewritten:

  - the standard library;
  - dependencies in the module cache: the go command does not apply an
    overlay to them (to check a dependency, replace it with a local copy in
    go.mod and add it with -instr.add);
  - tpinstr's own runtime packages (github.com/tpinstr/tpinstr/rt/...).

In a rewritten package, every read or write of memory that another task
could reach gets a hook (package-level variables, captured or address-taken
locals, fields and elements reached through them or through pointers, slice
elements, maps as one location), and every task-library call gets the
position of its call site. Files that import "C" are left as they are,
except that when func main is declared in one, it starts by deferring the
end of the checked run, as in any other file (the verdict, and status 66
when a race was found).
`,
		},
		"limits": {
			short: "what a checked program does not see",
			long: `
Like Go's race detector, tpinstr checks what it sees:

  - Only executions are checked, for the input given: every schedule of
    that execution, but not code the input does not reach.
  - Only rewritten code is checked. Accesses made by the standard library,
    by dependencies that are not rewritten, by cgo or by assembly are not
    seen, except those the rewriter gives a hook at the call: append,
    copy, clear, conversions of slices to strings and arrays, the
    getters and setters of reflect.Value, the write of p[:n] by a Read or
    ReadAt and of io.ReadFull and io.ReadAtLeast, and the read of p[:n]
    by a Write, when the method called is not rewritten (an interface
    call counts so: io.Reader's contract says Read writes p[:n]), the
    write of all of data by binary.Read(r, order, data) when it succeeds,
    the stores of fmt.Sscan, Fscan and their f and ln forms into the
    items they parsed (the first n arguments, n the count they return),
    the read or write of the receiver's object by a method of the standard
    library's types that synchronise nothing (bytes.Buffer,
    strings.Builder, bufio's Reader, Writer and Scanner, math/rand's
    generators, container/list, strings.Reader, bytes.Reader,
    text/tabwriter, encoding/csv), also when the method is promoted
    through embedded fields (l.WriteString on a struct that embeds
    bytes.Buffer), and the read or write of the slice,
    map or such object that a function passes on (sort.Ints, slices.Sort,
    slices.Contains, maps.Copy, fmt.Fprintf, fmt.Fscan and io.Copy to or
    from such a buffer), the write of s[i:] by slices.Delete(s, i, j), and the
    part of a slice that the encoders write or read: encoding/binary's
    byte orders (PutUint16/32/64, Uint16/32/64, AppendUint16/32/64) and
    varints (PutUvarint, PutVarint, AppendUvarint, AppendVarint),
    encoding/hex's and the base64 and base32 Encodings' Encode,
    AppendEncode and EncodeToString, hex.Dump, utf8.EncodeRune and
    AppendRune, strconv.AppendUint and AppendBool; an Append function
    writes in place only what fits the slice's capacity, as append does.
    Writes and reads that the standard library makes through other
    functions (fmt.Scan from standard input, json.Unmarshal, the decoders
    of hex and base64, strconv.AppendInt and AppendFloat, the slice that
    Buffer.Bytes returns) are not seen. Neither are accesses that the
    rewriter could not give a hook without changing the program (-stats counts them as skipped); the
    verdict line counts those the run reached and names the first.
  - A read of a struct field that no rewritten code of the program may
    write (a tree's children, set only by the composite literals that
    make its nodes) has its hook switched off once func main or the first
    test starts: every write of such a field initializes a new object, or
    is made by code that is not rewritten, so no race with it could be
    seen. A rewritten write through package reflect or through a pointer
    made from a uintptr keeps every such hook; a plugin opened later
    switches them on only from then on. -instr.disable=fields keeps them
    all.
  - Synchronisation that the standard library makes beside channels and
    package sync, as Go's race detector models it: a sync.Pool's Put(x)
    is ordered before the Get that returns x; a write of an *os.File
    (Write, WriteString, WriteAt, os.WriteFile) is ordered before every
    later read of one (Read, ReadAt, os.ReadFile), and a run in which
    that orders two goroutines says "checked this schedule only". Calls
    through method values, and file I/O made by other code of the
    standard library (fmt.Fprint to a file, io.Copy), give no edge.
  - Plain Go: a goroutine that code which was not rewritten started (a
    net/http connection calling a handler, a finalizer, a cleanup), a
    goroutine waiting in such code (the network, os/exec), a testing/synctest
    bubble, and timers that code which was not rewritten starts or resets
    run for real, and the run says "checked this schedule only" with the
    first such construct and its line. Past max_schedules or explore_time,
    schedules are sampled and the run says how many it checked.
  - Plain Go, polling: goroutines run one at a time, each until it waits.
    One that polls (a select statement that takes its default) lets the
    others go first after each poll, and one that made 4096 synchronising
    operations since it last waited (a spin on TryLock or on a semaphore)
    lets them go first too, as Go's scheduler would preempt it, and so
    does a loop that spins on plain memory (for !done {}, with no call in
    it: every 1024 iterations); all are orders the program can take, so
    the verdict is unchanged. A goroutine
    still polling or spinning after main returned (or the test ended) is
    left there, as the program's exit leaves it, and the run says "this
    schedule only".
  - TestMain: a test package without one gets one (it makes a race
    found outside any test fail the binary, after m.Run), so a stack
    trace the tests print shows it between testing.(*M).Run and
    main.main. Examples are not tests to the checker: their goroutines
    are checked in the run of the whole binary, and their schedules are
    explored in runs of the whole binary, which usually cannot follow
    them (the verdict, "outside any test", says so).
  - Plain Go in tests: a test's schedules are explored by running the
    test binary again with that test alone (-test.run=^TestName$).
    Goroutines that package initialisation or TestMain start before the
    first test are checked in one run with the first test's, and in that
    process with the explored test's. When what a test does depends on
    what the tests before it did (package state they changed, goroutines
    of the initialisation they synchronised with), a schedule listed for
    it may not be followed in the process that runs it alone; the run
    then says how many schedules it checked, and names the operation
    where one could not be followed. A test that ran after others is
    first run alone in its order, and when that run makes other
    operations or accesses than the test made after the others (a
    branch on a package variable an earlier test set), the verdict says
    that the test depends on what the tests before it left, and no
    other schedule is run for it.
  - Time in plain Go: time.Sleep, time.After, time.AfterFunc,
    time.NewTimer, time.NewTicker, time.Tick, the Stop and Reset methods
    of their timers, time.Now, Since and Until, and the deadlines of
    context.WithDeadline and context.WithTimeout (and their Cause
    variants) use the run's clock, as in a testing/synctest bubble: it
    stands still while a goroutine can go on and jumps to the earliest
    deadline when none can, so a run does not wait for its timers. A
    yield (runtime.Gosched) is the exception: it lets the sleeps and
    timers started before it, and the first one started after it, fire
    first, as they may while a goroutine yields; so a loop that yields
    often beside a ticker makes the ticker fire at every yield, and the
    run's clock (time.Since) moves by the ticker's period each time.
    Deadlines are on that clock, so the time a busy machine takes between
    two starts changes neither their order nor whether a timer expired;
    time.Now, Since and Until read the wall clock plus the time the run
    skipped, so that what a program measures passes; so do they, and
    Sleep, After and the timers, where they are used as values (an
    injected clock, now := time.Now). Of two equal
    deadlines, the timer started first fires first, except that a select
    waiting on two one-shot timers with equal deadlines takes each case
    in some schedule, and exploration checks each. Once a
    goroutine outside the run's control ran, the run waits for real, as
    the program would. Timers are Go 1.23's (no stale value after Stop
    or Reset), but their channel reports a length of 1 while a value
    waits in it. context.WithCancel and WithCancelCause are hooked too,
    so that the run sees a chain of contexts canceled; a context that
    code which was not rewritten derived with a cancellation of its own
    is canceled by package context's goroutine, which makes the run
    "checked this schedule only". context.AfterFunc on a context of the
    run starts its function as a goroutine of the run when the context
    is canceled (the cancel is synchronized before it); on another
    context it is package context's, and the run says "checked this
    schedule only" if the function runs rewritten code.
  - Plain Go, synchronisation the rewriter leaves as it is (it runs for
    real, unseen): a function of sync/atomic or a method of an atomic type
    used as a value (f := atomic.AddInt64); a Lock or Unlock through an interface whose dynamic value is neither
    a *sync.Mutex, a *sync.RWMutex, an RWMutex's RLocker nor a pointer to
    a struct that embeds one, and whose own methods were not rewritten.
    Calls, deferred and go calls, method values and method expressions of
    the others are hooked, and so are sync.Locker, sync.Cond.L and any
    interface with Lock and Unlock.
  - A Mutex's Lock and Unlock write its state word while the goroutine
    holds it, so a copy of the Mutex (or of a struct that holds it) races
    with them unless they are ordered; Go's race detector also reports a
    copy made under the Mutex's own lock while another goroutine waits in
    Lock, which tpinstr does not. The operations of an RWMutex read it, as
    for the detector: a copy of an RWMutex races with none of them.
  - In an assignment whose right-hand side locks, receives or calls, the
    operands of the left-hand side are hooked after it, where Go's
    compiler evaluates them (p.next.v = <-c, m[k] = f()), unless the
    left-hand side calls or receives itself (m[key()] = <-c), whose hooks
    stay before the statement.
  - Inside a task.Run, tasks are ordered only by the task library: Finish,
    Get and Isolated. Go statements, channels, mutexes and atomics between
    tasks are not understood (the verdict says "this schedule only"; the
    goroutines a task starts run beside the tasks, and their accesses are
    not checked), and since checked tasks run one at a time, a task that
    waits on a channel for a task that has not yet run deadlocks the
    checked program. A task.Run that a goroutine of a checked run of
    goroutines runs (one started after a go statement) models them in its
    own body; in its tasks (Async, Future, ForAll...) such an operation
    stops the program with status 2 and its line.
  - A checked program is slower and uses more memory than the normal
    build: every access is recorded, and tasks run on one core.
`,
		},
		"exitstatus": {
			short: "the exit statuses of tpinstr and of checked programs",
			long: `
tpinstr build and tpinstr test exit as go build and go test do: 0 on success,
1 when a package fails to build or a test fails (a test fails when a race was
found during it). tpinstr run exits with the program's status: 66 (or the
exitcode option) when a race was found. Errors found while loading the
packages (syntax and type errors) are printed as the compiler prints them,
and the command exits with 1 without building. A command line tpinstr cannot
accept exits with 2. A command ended by a signal exits with 128 plus the
signal's number, after passing the signal to the program or go command it
was running and removing its work directory.
`,
		},
		"debugging": {
			short: "looking into a checked build",
			long: `
Paths in the go command's output that point into the work directory are
shown as the user's files, or as $TPINSTR_WORK. To see what was compiled,
keep the work directory:

	$ tpinstr build -work ./cmd/solver
	TPINSTR_WORK=/tmp/tpinstr-1234
	WORK=/tmp/go-build5678

It holds overlay.json, which maps each rewritten file of the user's to its
rewritten version under src/, and for tpinstr run the binary under exe/.
The build can be repeated by hand, without tpinstr:

	go build -overlay=/tmp/tpinstr-1234/overlay.json -tags=tpinstr ./cmd/solver

A rewritten file keeps every line of the original on the same line number,
so a message about line N of a rewritten file is about line N of the
original. -x prints which packages were rewritten and the go commands run;
-instr.skip can leave out a package whose rewrite is in question, and
-instr.nocache rules out a stale cache (tpinstr clean empties it).
`,
		},
	} {
		topics[name] = t
	}
}
