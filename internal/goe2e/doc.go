// Package goe2e checks tpinstr end to end against the labelled corpora of
// plain Go programs: goroutines, channels, package sync, sync/atomic and
// errgroup, without the task library.
//
// testdata/goprograms in the module root holds one idiom per program, with
// a race/NAME and a norace/NAME twin per program, labelled as the task
// corpus of package e2e is (see its documentation and the corpus's
// README). TestMain builds cmd/tpinstr once; the first test that needs
// the corpus builds all of its programs checked with one `tpinstr build`
// per kind, and each test runs its binaries, in parallel, with
// TPINSTR=json=FILE and compares the reports, exit status and verdict line
// with the labels (e2e.Harness.RunGoCorpus). Exploration stops at 100
// schedules per program, at the default 1000 with -e2e.full (.ci/long runs
// that).
//
// The package is apart from e2e, and from gorealistic (the corpus of
// programs in the shapes of real code), so that each corpus's builds and
// runs get the go command's default timeout of their own.
package goe2e
