package e2e

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// goRealisticDir holds labelled plain-Go programs in the shapes of real
// code (worker pools, caches, pipelines, errgroups, ledgers), 80 to 150
// lines each, with a race of the kind real code has in the race twin.
const goRealisticDir = "testdata/gorealistic"

// TestGoRealisticLabels checks the corpus of testdata/gorealistic without
// running it: every race program has a twin, race programs carry labels and
// norace programs none, each first line says what the program tests, and no
// name is also one of testdata/goprograms (checkGoProgram's lists of
// expected misses are keyed by name).
func TestGoRealisticLabels(t *testing.T) {
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	root, err := ModuleRoot(wd)
	if err != nil {
		t.Fatal(err)
	}
	twins := map[string]int{}
	for _, kind := range []string{KindRace, KindNoRace} {
		progs, err := listGoPrograms(root, goRealisticDir, kind)
		if err != nil {
			t.Fatal(err)
		}
		if len(progs) == 0 {
			t.Fatalf("no %s programs under %s", kind, goRealisticDir)
		}
		others, err := listGoPrograms(root, goProgramsDir, kind)
		if err != nil {
			t.Fatal(err)
		}
		taken := map[string]bool{}
		for _, p := range others {
			taken[p.Name] = true
		}
		for _, p := range progs {
			twins[p.Name]++
			if taken[p.Name] {
				t.Errorf("%s has the name of a program of %s", p.Pkg, goProgramsDir)
			}
			pairs, err := Labels(p.Dir)
			if err != nil {
				t.Errorf("%s: %v", p.Pkg, err)
				continue
			}
			if kind == KindRace && len(pairs) == 0 {
				t.Errorf("race program %s has no race label", p.Pkg)
			}
			if kind == KindNoRace && len(pairs) != 0 {
				t.Errorf("norace program %s carries race labels: %v", p.Pkg, pairs)
			}
			src, err := os.ReadFile(filepath.Join(p.Dir, "main.go"))
			if err != nil {
				t.Error(err)
				continue
			}
			if want := "// Command " + p.Name + ": "; !bytes.HasPrefix(src, []byte(want)) {
				t.Errorf("%s/main.go does not start with %q", p.Pkg, want)
			}
		}
	}
	for name, n := range twins {
		if n != 2 {
			t.Errorf("%s has no twin: each program needs a race and a norace version", name)
		}
	}
}

// TestGoRealistic runs every program of testdata/gorealistic checked, as
// TestGoPrograms runs testdata/goprograms: a race program must exit with
// status 66 and report its labelled pairs and no race on an unlabelled
// line; a norace program must exit with status 0 and report nothing; both
// must print the verdict line of a run of goroutines. The programs under
// testdata/gorealistic/pending, whose checked runs disagree with their
// labels, are not run.
func TestGoRealistic(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: skipping the checked runs of the corpus (each builds a program)")
	}
	if checker.err != nil {
		t.Fatalf("cannot check the corpus: %v", checker.err)
	}
	for _, kind := range []string{KindRace, KindNoRace} {
		progs, err := listGoPrograms(checker.root, goRealisticDir, kind)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range progs {
			t.Run(kind+"/"+p.Name, func(t *testing.T) {
				t.Parallel()
				checkGoProgram(t, p)
			})
		}
	}
}
