// Package e2e checks tpinstr end to end against the labelled corpus of
// task-parallel programs, and gives other tests (package goe2e's checks of
// the plain-Go corpora among them) the corpora, their labels and the
// harness that builds cmd/tpinstr for a test package ([NewHarness]).
//
// # The corpus
//
// testdata/programs in the module root holds small package-main programs
// written against the task library (github.com/tpinstr/tpinstr/rt/task),
// one directory each:
//
//   - race/NAME: a program with at least one determinacy race;
//   - norace/NAME: its race-free twin, the same program with the race
//     removed by an ordering edge or by moving an access;
//   - explore/NAME: a program whose race depends on the order of Isolated
//     sections, which one checked run is not expected to decide (see the
//     README there).
//
// Built normally, every program runs and exits 0. Checked by `tpinstr run`,
// a race program exits 66 and reports its labelled races, and a norace
// program exits 0 with no report.
//
// # Labels
//
// Each of the two lines of a racing pair carries a trailing line comment
// `// race:ID`, where ID (letters, digits, '_' and '-') names the pair
// within its program. A line that takes part in several pairs lists them:
// `// race:a,b`. An ID that appears on exactly one line names a pair of two
// dynamic instances of that line (the same statement run by two unordered
// tasks, as in a ForAll body). Text after the ID list, separated by a
// space, is free. A race program's labels name every pair that the
// detector of the futures paper (Surendran & Sarkar, RV 2016, Algorithms 8
// and 9: one writer and a set of readers per location) reports, and no
// other accesses race. norace programs carry no label. [Labels] reads them.
//
// # The end-to-end test
//
// TestLabelledPrograms builds cmd/tpinstr once (in TestMain), builds every
// corpus program checked with a few `tpinstr build -o DIR/ PROGRAMS...`
// commands (one per set of distinct program names), then runs each race
// and norace binary from the module root, in parallel, with
// TPINSTR=json=FILE, and checks, with
// [ReadJSONReports] and [Compare]: a race program exits 66, every labelled
// pair is reported on exactly its two lines, and no report names an
// unlabelled line; a norace program exits 0 and reports nothing. With
// -short, the program runs are skipped (and say so). The same check of
// binaries built with -instr.noprune needs the -e2e.full flag, which
// .ci/run gives.
package e2e
