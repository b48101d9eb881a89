package e2e

import (
	"flag"
	"os"
	"testing"
)

// harness is what TestMain builds for the package's tests: TestMain
// cannot hand a value to the tests in any other way.
var harness *Harness

func TestMain(m *testing.M) {
	flag.Parse()
	os.Exit(Run(m, &harness))
}

// TestLabelledPrograms runs every race and norace program of the corpus
// under `tpinstr run` and checks its exit status and reports against its
// labels.
func TestLabelledPrograms(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: skipping the checked runs of the corpus (each builds a program)")
	}
	harness.Need(t)
	for _, kind := range []string{KindRace, KindNoRace, KindExplore} {
		progs, err := Programs(harness.Root, kind)
		if err != nil {
			t.Fatal(err)
		}
		if len(progs) == 0 {
			t.Fatalf("no %s programs under %s", kind, ProgramsDir)
		}
		for _, p := range progs {
			t.Run(kind+"/"+p.Name, func(t *testing.T) {
				t.Parallel()
				checkProgram(t, p)
			})
		}
	}
}

// full turns on the slow corpus check, which .ci/run runs.
var full = flag.Bool("e2e.full", false, "also check every labelled program built with -instr.noprune (a second build of the corpus)")

// TestLabelledProgramsNoPrune checks the race programs again with every
// hook kept (-instr.noprune): pruning must not change a verdict, so both
// runs must match the labels. It needs -e2e.full.
func TestLabelledProgramsNoPrune(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: skipping the checked runs of the corpus (each builds a program)")
	}
	if !*full {
		t.Skip("needs -e2e.full (set by .ci/run): builds the corpus a second time, with -instr.noprune")
	}
	harness.Need(t)
	for _, kind := range []string{KindRace, KindNoRace} {
		progs, err := Programs(harness.Root, kind)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range progs {
			t.Run(kind+"/"+p.Name, func(t *testing.T) {
				t.Parallel()
				checkProgram(t, p, "-instr.noprune")
			})
		}
	}
}

// checkProgram runs one program checked (built by checkedBinary with
// flags) and compares what it reported with its labels.
func checkProgram(t *testing.T, p Program, flags ...string) {
	pairs, err := Labels(p.Dir)
	if err != nil {
		t.Fatal(err)
	}
	bin := checkedBinary(t, p, flags...)
	code, races, stdout, stderr := harness.RunChecked(t, p, bin, "")

	CheckOutcome(t, p, pairs, code, races, stderr)
	if t.Failed() {
		t.Logf("stdout:\n%s\nstderr:\n%s", stdout, stderr)
	}
}
