package goe2e

import (
	"testing"

	"github.com/tpinstr/tpinstr/internal/e2e"
)

// goProgramsDir holds the labelled plain-Go programs: goroutines, channels,
// sync and sync/atomic, with no rt/task.
const goProgramsDir = "testdata/goprograms"

// goPrograms is the corpus of goProgramsDir. No race program is a known
// miss; the programs whose goroutines are not all started by the program
// (net/http's goroutines run a handler) must say "this schedule only".
var goPrograms = e2e.GoCorpus{
	Dir:    goProgramsDir,
	Misses: map[string]string{},
	ScheduleOnly: map[string]string{
		"http_handler": "net/http's connection goroutines run the handler",
		"file_sync":    "which file write a read sees depends on the real order of file I/O",
		"go_in_task":   "goroutines and WaitGroups inside a task.Run are not modelled yet",
	},
}

// TestGoProgramsLabels checks the corpus itself, without running it: every
// race program has a twin of the same name among the norace programs, race
// programs carry race labels and norace programs none, and each program's
// first line says what it tests.
func TestGoProgramsLabels(t *testing.T) {
	e2e.CheckGoCorpusLabels(t, goProgramsDir, "")
}

// TestGoPrograms runs every program of testdata/goprograms checked: a race
// program must exit with status 66 and report its labelled pairs and no
// race on an unlabelled line; a norace program must exit with status 0 and
// report nothing; both must print the verdict line of a run of goroutines.
// Exploration stops at 100 schedules, 1000 with -e2e.full
// (realisticOptions): within 100 every race program reports all its
// labelled pairs, which this test checks.
func TestGoPrograms(t *testing.T) {
	harness.RunGoCorpus(t, goPrograms, realisticOptions())
}

// realisticOptions are the TPINSTR options of the runs of TestGoPrograms,
// besides those of every run of a corpus of plain Go
// (e2e.Harness.CheckGoProgram): exploration stops at 100 schedules, the
// default's 1000 with -e2e.full (a handful of programs reach the limit).
func realisticOptions() string {
	if *full {
		return ""
	}
	return "max_schedules=100 "
}
