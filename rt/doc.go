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
//   - Register, once per rewritten file, from the init function of a
//     generated site package, to record the positions of the file's sites
//     in the user's original files. Every other hook names a site by a
//     small integer (the file's base plus an offset), so hot hooks never
//     carry strings.
//   - Access hooks (Read, Write, ReadSlice, WriteSlice, ReadMap, WriteMap)
//     before every memory access that another task could also make.
//   - At, around the handle of every task-library call, so that the checked
//     build of rt/task knows where each task was spawned, each finish opened
//     and each future got.
//
// Exit and OSExit end a checked program with exit status 66 (or the TPINSTR
// exitcode option) when a race was found; TestBegin, TestEnd, ExampleEnd and
// TestMain do the same for tests and examples.
//
// Options reach a checked program in the environment variable TPINSTR, a
// space-separated list of key=value pairs as in GORACE; 'tpinstr help
// options' lists them (from the table of package rt/options, which the
// checker parses).
//
// Behind the hooks, the checker of the process lives in internal packages
// (rt/internal/checker and the packages it uses), which the checked build
// of rt/task drives with the events of the task library.
package rt
