// Command tpbench runs the benchmark kernels of testdata/bench four ways and
// prints a Markdown table of their times, memory and ratios, so that the
// cost of a checked run can be read beside the cost of Go's race detector on
// the same machine.
//
// Every kernel is built
//
//   - serial: `go build -tags tpserial`, the serial elision (every task runs
//     inline): the baseline the futures paper's table 2 divides by;
//   - parallel: `go build`, the real parallel runtime;
//   - checked: `tpinstr build`, rewritten with access hooks and run by the
//     serial checked executor;
//   - race: its goroutine version (testdata/bench/KERNEL/goroutine), written
//     with WaitGroups, channels and Mutexes, under `go build -race`;
//
// into a temporary directory that is removed at the end. The runs go in
// alternation (every mode of every kernel once, then again, -n times, the
// order of the modes rotating between repetitions) so that a change of
// machine load spreads over all cells instead of skewing one.
//
// Usage:
//
//	tpbench [-kernels fib,jacobi] [-size small|medium|large] [-n 5] [-timeout 2m]
//		[-modes serial,parallel,checked,race] [-procs N] [-tpinstr PATH]
//		[-root DIR] [-go GO] [-o FILE]
//	tpbench -counts [-kernels ...] [-size ...]
//
// It runs from anywhere inside the tpinstr module (or with -root). Progress
// goes to standard error, the report to standard output or -o.
//
// The table reports the median wall-clock time of each cell, the ratios
// checked/serial, checked/race and parallel/serial of the medians, and the
// peak resident set size of each mode (the largest over its runs, from
// getrusage). A run that fails, times out or reports a race marks its cell
// instead of stopping the benchmark; the notes under the table say what
// happened, and tpbench then exits with status 1. The result line that each
// kernel prints must be the same in every mode; a difference is a failure
// too.
//
// Race runs get GORACE=atexit_sleep_ms=0 (a GORACE of the caller's still
// wins): by default the race runtime sleeps a second at exit, which would be
// counted in every run.
//
// With -counts, tpbench times nothing: it builds the checked binary of each
// kernel and of its goroutine version with the tag tpstats, runs each once,
// and prints the detector's counters (accesses given to it, repeated reads a
// page filter dropped, fast-path and out-of-line checks, cells and pages
// checked; see testdata/bench/README.md). The counts do not depend on the
// load of the machine, so they compare two versions of the rewriter or the
// detector where times cannot.
//
// The checked mode needs the tpinstr command: the -tpinstr flag, else one
// built from the module's ./cmd/tpinstr (so that the rewriter matches the
// module's runtime package), else tpinstr from PATH. When none works, the
// checked column says "unavailable" and the rest of the table is produced.
package main
