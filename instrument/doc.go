// Package instrument rewrites the Go files of one loaded package so that the
// rewritten program reports its memory accesses and task-library calls to
// package github.com/tpinstr/tpinstr/rt, which checks them for determinacy
// races.
//
// The rewriter works like cmd/cover: it inserts text into the original bytes
// of each file and never reprints the syntax tree, so comments, layout and
// build directives survive. Every inserted statement is placed on the line of
// the statement it belongs to, separated by semicolons, so every original
// line keeps its line number and panics and compiler messages still point at
// the user's source. The table of a file's sites goes to a generated site
// package (sites.go), which the file imports on the line of its package
// clause.
//
// What gets a hook: every read or write of a location that another task
// could also reach — package-level variables, local variables that a
// function literal captures or whose address is taken, struct fields reached
// through a pointer or of such a shared variable, slice elements, array
// elements of shared arrays, pointer dereferences, and maps (one location
// per map, as in Go's race detector). Locals that never leave their
// function get no hook, and neither do constants or the blank identifier.
//
// Where hooks go:
//
//   - Before the statement that makes the access, on the same line. Hook
//     arguments are computed from the statement's own operands; an address
//     that could panic (nil pointer, index out of range) is guarded, so the
//     hook never panics where the statement would not, and never earlier.
//   - A read hook of a variable or through a pointer is guarded by
//     rt.Repeat, which rt inlines: `if !rt.Repeat(&x) { rt.Read(&x, site)
//     }`, so that a read the running step has made already costs a test
//     of a bit mask and no call (rt/internal/detect/seen.go).
//   - After the statement for writes and for reads that follow a
//     task-library call (such as Future.Get or Finish) in a statement of a
//     block, so that the detector sees the access on the right side of the
//     join.
//   - Inside a function literal of type bool in conditions that are
//     evaluated more than once or only sometimes (for conditions, the right
//     operand of && and ||, conditions of if statements with an init
//     statement, cases of tagless switches):
//     `cond` becomes `func() bool { hooks; return true }() && bool(cond)`.
//   - A side-effecting operand of a hooked location (a call in an index, for
//     example) is evaluated once into a temporary `_tpinstr_tN` before the
//     statement when it is the first side effect of the statement; otherwise
//     the hook is skipped.
//
// Fewer hooks. A hook costs a call into the detector, so the rewriter
// leaves out the hooks whose access another hook of the same step already
// records (every access a task makes between two task-library events is
// one step of the futures paper's detector, and within a step an earlier
// write stands for later accesses of the location, an earlier read for
// later reads). Each optimization is a unit of its own, with a name that
// Config.Disable (and tpinstr's -instr.disable) switches it off by, its
// conditions and its soundness argument in its file, and its tests in
// NAME_test.go beside it:
//
//   - straight (straight.go): in straight-line code without calls, the
//     second hook of one location (the same expression, its operands
//     unchanged) after a write or between reads (Stats.Covered);
//   - ifjoin (ifjoin.go): the stretch of straight-line code of a
//     call-free if header goes on into its branches, and after the if when
//     no branch that can fall out of its end calls anything;
//   - sliceloop (sliceloop.go): in a call-free loop whose index i sweeps
//     the indices of a slice s, or a range lo..hi, and that surely reaches
//     its top-level statements, one ReadSlice or WriteSlice hook of the
//     part of t that t[i] (or t[i±k]) sweeps, placed before the loop,
//     stands for the hooks of those accesses in the body
//     (Stats.RangeHooks, Stats.Covered);
//   - computed (computed.go): a loop of sliceloop whose body can panic
//     only at indices the loop's index does not determine, all in one
//     statement, gets its range hooks after the loop instead, behind a
//     flag that a test of those indices before the statement clears (then
//     recording what the loop has done so far), and the reads at computed
//     indices of a slice with a range hook are recorded by it when the
//     loop's index has passed them, or wait in a slot
//     (Stats.RangeHooks, Stats.Covered);
//   - callee (callee.go): a loop of sliceloop whose body calls helpers
//     of the file that make one access of a slice parameter at an int
//     parameter, or read every element of a slice parameter, as their
//     summaries say, gets the range hooks of those accesses before it,
//     and its calls go to a variant of each helper without hooks,
//     appended to the file, which calls the hooked helper when the
//     loop's flag is false (Stats.RangeHooks, Stats.HelperCalls);
//   - downloop (downloop.go): a loop that counts down, for i := hi; i >=
//     lo; i--, gets the range hooks of sliceloop.go like the upward loop
//     over the same indices;
//   - invariant (invariant.go): in a call-free loop, a read of a location
//     whose address the loop does not change is hooked the first time the
//     loop reaches it, behind a flag, instead of in every iteration
//     (Stats.OncePerLoop);
//   - construn (construn.go): in call-free straight-line code that cannot
//     panic in between, the reads (writes) of t[c] at constant indices c
//     that cover a run lo..hi are recorded by one ReadSlice (WriteSlice)
//     of t[lo:hi+1] before the first of them (Stats.RangeHooks,
//     Stats.Covered);
//   - spanrun (spanrun.go): calls of a byte order's fixed-size accessors
//     (binary.BigEndian.Uint16(src[i+2:]), PutUint32(b[4*k:], v)) at
//     consecutive offsets of one buffer, in call-free straight-line code
//     or in every iteration of a loop over 0..N-1, are recorded by one
//     ReadSlice (WriteSlice) of the whole part before them, behind a flag
//     that tests that every one of them is in range (Stats.RangeHooks,
//     Stats.Covered); the accessors count as no call for the other
//     optimizations too;
//   - pure (pure.go): "without calls" allows calls of pure functions of
//     the package; switched off, every call of a function ends the code
//     the optimizations above reason about;
//   - private (private.go): an object that a function allocates and uses
//     by itself, whose reference is never copied, passed, returned or
//     captured, gets no hooks (Stats.Private);
//   - closure (closure.go): a local variable that only function literals
//     called on its declarer's goroutine capture (a recursive walk, a
//     helper, a deferred recover) gets no hooks;
//   - commute (commute.go): an Isolated call whose body is a commutative
//     update is marked in its site, so that schedule exploration need not
//     run both orders of two such sections (this one saves schedules, not
//     hooks).
//
// Switching an optimization off leaves in every hook it would have left
// out, so verdicts stay the same (TestOptimizationsOffSameVerdicts runs
// the optrace scenarios with each switched off in turn). A range
// expression that calls something is evaluated into a temporary before
// its loop (rangetemp.go), so that its elements can be hooked at all; that
// is no optimization and cannot be switched off.
//
// "Without calls" allows conversions, builtins that run no code of the
// program, and calls of pure functions of the package (pure.go). The
// reasoning about which writes can change which locations uses Go's types
// (a write through a *int changes no variable of type *T), except in files
// that use package unsafe (effects.go).
//
// Whenever a hook cannot be placed without changing the program, it is
// skipped and counted in Stats.Skipped under a reason. Files that import "C"
// are left untouched (Stats.CgoFiles), as are files with nothing to rewrite.
//
// Limits (each counted in Stats.Skipped when it leaves a site without a
// hook; on the standard library about 1% of 97,000 sites are skipped):
//
//   - Case expressions of a switch with a tag are evaluated only until one
//     matches and cannot be preceded by a hook: their accesses are skipped.
//   - A side-effecting operand that is not the next side effect the
//     statement evaluates, or that sits in a header (if, for, switch),
//     in the right operand of && or ||, or in a declaration of a function
//     that uses goto, is not hoisted: the hook that needs it is skipped.
//     (The expression of a range loop that calls something is evaluated
//     into a temporary before the loop instead, see rangetemp.go.)
//   - Operands that could panic in ways a guard does not cover (integer
//     division, signed shift counts, conversions other than numeric and
//     pointer ones, slicing of type parameters) are not repeated in hooks.
//   - The copy of the receiver made by calling a value method promoted
//     through an embedded field is not hooked.
//   - Reads in an if or switch header are hooked before the header even
//     when they come after a task-library call in it; writes of named
//     results by a return statement that receives or calls a function
//     are not hooked (results.go).
//   - A task-library call in a go or defer statement, or used as a method
//     value, gets no site: rt.At would name the wrong call.
//   - Rewritten files use generic hooks: the module must declare go 1.18 or
//     newer.
//
// Task-library calls (task.Run, the methods of *task.T, task.NewFuture and
// (*task.Future).Get, recognised by their types.Object through the model
// of package internal/syncapi, direct or through a method expression such
// as (*task.T).Async(t, f), whose handle is its first argument) get their
// handle wrapped in rt.At with a site of the matching kind. In package main, func
// main starts with `defer rt.Exit()`; calls of os.Exit become rt.OSExit;
// every top-level test function of a _test.go file starts with
// `defer rt.TestEnd(t, rt.TestBegin())`, and every example function with
// `defer rt.ExampleEnd("ExampleXxx", rt.TestBegin())`.
//
// Plain Go concurrency (plaingo.go): go statements, channel sends,
// receives, close, range over a channel and select, the methods of
// sync.Mutex, RWMutex, WaitGroup, Once, Cond and sync.Locker (and of any
// interface with Lock and Unlock), the functions
// and typed values of sync/atomic, and time.Sleep become calls of the
// hooks of rt/gohooks.go, each with a site, in every form the model of
// package internal/syncapi knows (direct, deferred, method value, method
// expression, promoted through embedded fields). Config.NoPlainGo turns
// this off.
//
// # Structure
//
// The rewrite of a file is a pipeline in three layers: facts about the
// program, planning of the hooks, and emitting of the text, the way
// cmd/cover leaves the edits to cmd/internal/edit. A file per step:
//
//  1. instrument.go: Package checks the Config (Disable must name
//     optimizations, optimize.go), picks the files to rewrite and reads
//     their bytes; file.go's rewriteFile runs the steps below for each
//     file, independently of the others.
//  2. Facts (facts.go, the type facts): what the program does, computed
//     from its syntax and types only and never from what the rewriter has
//     inserted: which variables another task may reach (shared.go), what
//     statements may do and which locations they may move (effects.go),
//     which location a hooked expression names (keys.go), which functions
//     are pure (pure.go), which code cannot panic (panicfree.go), which
//     calls are task-library calls and which bodies are Isolated
//     (facts.go, through package internal/syncapi), and which Isolated
//     bodies are commutative updates (commute.go). The facts hold no edit,
//     site or statistic.
//  3. Program edits (program.go): defer rt.Exit in func main, rt.OSExit,
//     and the race check of each test function.
//  4. Planning (file.go, stmt.go, access.go, calls.go, builtins.go,
//     results.go, syncorder.go, place.go, hoist.go, cover.go, the type
//     fileRewriter): stmt.go walks each function's statements; access.go,
//     calls.go, builtins.go (append, copy, conversions) and results.go
//     (named results at return) collect the accesses each statement makes
//     (acc, in groups) and the task-library calls that get a site;
//     syncorder.go moves after the statement the writes that follow a
//     synchronising right-hand side, and syncassign.go the reads and the
//     write of the left operands that Go evaluates after it; syncaccess.go
//     adds the read of an RWMutex before its operations; place.go decides each hook's fate — pruned by
//     Config.Keep, left out because an optimization's hook stands for it
//     (cover.go, straight.go), guarded, or placed before the statement,
//     after it, or inside a condition — and allocates its site; hoist.go
//     and rangetemp.go evaluate a side-effecting operand once into a
//     temporary so that a hook can name what the statement accesses.
//  5. Optimization units (optimize.go lists them by name; straight.go,
//     ifjoin.go, sliceloop.go, computed.go, downloop.go, invariant.go,
//     construn.go, spanrun.go):
//     each is consulted by planning at one point (a statement list, an if,
//     a loop header, a hook about to be placed) and asks the facts whether
//     its conditions hold.
//  6. Plain Go (plaingo.go): go statements, channel operations and the
//     calls of sync, sync/atomic and time become calls of rt's hooks
//     (lockforms.go: lock operations that run later than where they
//     appear, and interfaces with the methods of sync.Locker), each with
//     a site of its operation's kind (sitekinds.go); and
//     allocations (alloc.go): the allocations whose deaths the checker can
//     learn are wrapped in rt.Alloc and rt.AllocSlice.
//  7. Emitting (emit.go, render.go, edit.go, the type emitter): the hook
//     calls and the operands repeated in them (with the guards that keep a
//     hook from panicking), and the edits of the original bytes, which
//     planning asks for in the emitter's terms — statements before or
//     after a statement, hooks run with a condition or a for loop's post
//     statement, a block that scopes temporaries, a site for a
//     task-library call — so that the order of nested insertions is the
//     emitter's alone; the temporaries; and the trailer after the last
//     line: the imports of rt and of the file's site package and the use
//     of the latter (sites.go, which writes the site tables into generated
//     site packages), declarations that keep imports used, and the span
//     helper.
//
// The facts are types of this package rather than an internal package of
// their own: they answer questions in the rewriter's own terms (the form
// of a hooked access, the index uses of a loop) about one file being
// rewritten, and an internal package would export some forty names for
// this one user. The boundary is kept by the types instead — facts and
// the emitter hold no reference to the planner — and TestLayers checks on
// the package's own source that the methods of facts reach nothing of
// planning or emitting, and those of the emitter nothing of planning or
// facts.
package instrument
