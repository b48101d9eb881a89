package gorealistic

import (
	"testing"

	"github.com/tpinstr/tpinstr/internal/e2e"
)

// goRealisticDir holds labelled plain-Go programs in the shapes of real
// code (worker pools, caches, pipelines, errgroups, ledgers), 80 to 150
// lines each, with a race of the kind real code has in the race twin.
const goRealisticDir = "testdata/gorealistic"

// TestGoRealisticLabels checks the corpus of testdata/gorealistic without
// running it: every race program has a twin, race programs carry labels and
// norace programs none, each first line says what the program tests, and no
// name is also one of testdata/goprograms (the lists of expected outcomes
// of the two corpora are keyed by name).
func TestGoRealisticLabels(t *testing.T) {
	e2e.CheckGoCorpusLabels(t, goRealisticDir, "testdata/goprograms")
}

// TestGoRealistic runs every program of testdata/gorealistic checked, as
// package goe2e runs testdata/goprograms: a race program must exit with
// status 66 and report its labelled pairs and no race on an unlabelled
// line; a norace program must exit with status 0 and report nothing; both
// must print the verdict line of a run of goroutines. The programs under
// testdata/gorealistic/pending, whose checked runs disagree with their
// labels, are not run.
//
// Their exploration stops at 100 schedules (max_schedules), the default's
// 1000 with -e2e.full (set by .ci/long): many of them reach the limit, and
// 1000 schedules of each would make the package's tests too slow for the go
// command's default timeout on a busy machine. Within 100 schedules every
// race program reports all its labelled pairs, which this test checks.
func TestGoRealistic(t *testing.T) {
	options := "max_schedules=100 "
	if *full {
		options = ""
	}
	harness.RunGoCorpus(t, e2e.GoCorpus{Dir: goRealisticDir}, options)
}
