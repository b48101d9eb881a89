// Package rt is the hook surface that tpinstr's rewritten code calls, in the
// way that package runtime/race is the surface of Go's race detector.
//
// It is for generated code only: its API may change with every release of
// tpinstr, and calling it by hand is unsupported. Users write programs
// against package github.com/tpinstr/tpinstr/rt/task and run them with
// `tpinstr run`, `tpinstr build` or `tpinstr test`.
//
// Rewritten code calls three kinds of hooks:
//
//   - Register, once per package, to record the positions of its sites in
//     the user's original files. Every other hook names a site by a small
//     integer (the package's base plus an offset), so hot hooks never carry
//     strings.
//   - Access hooks (Read, Write, ReadSlice, WriteSlice, ReadMap, WriteMap)
//     before every memory access that another task could also make.
//   - At, around the handle of every task-library call, so that the checked
//     build of rt/task knows where each task was spawned, each finish opened
//     and each future got.
//
// Main and OSExit end a checked program with exit status 66 (or the TPINSTR
// exitcode option) when a race was found; TestBegin, TestEnd and TestMain do
// the same for tests.
//
// Options reach a checked program in the environment variable TPINSTR, a
// space-separated list of key=value pairs as in GORACE:
//
//	exitcode=N        exit status when a race was found (default 66)
//	json=PATH         also write every report to PATH, one JSON object a line
//	dot=PATH          write the computation graph to PATH in Graphviz DOT
//	halt_on_error=1   exit at the first report
//	explore=0         do not explore the orders of isolated sections
//	max_schedules=N   explore at most N schedules (default 1000)
//	commute=0         explore every order of commutative isolated updates
//	                  (count++ and the like) too, for measurements
//	replay=SCHEDULE   run exactly the schedule of isolated sections that a
//	                  report names, with the program's output, to debug it
//	permissions=strict
//	                  besides checking permission regions, report every
//	                  access outside regions and Isolated bodies to a
//	                  location that two tasks access
package rt
