package goe2e

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/tpinstr/tpinstr/internal/e2e"
)

// goProgramsDir holds the labelled plain-Go programs: goroutines, channels,
// sync and sync/atomic, with no rt/task.
const goProgramsDir = "testdata/goprograms"

// knownGoMisses are the race programs of testdata/goprograms whose race the
// checked run does not find yet, each with the reason; their run must say
// that it checked one schedule only. The test fails when one of them is
// found (so that the list only shrinks).
var knownGoMisses = map[string]string{}

// thisScheduleOnly are the programs of testdata/goprograms whose
// goroutines are not all started by the program (net/http's goroutines
// run a handler), each with the reason: their runs must say "this
// schedule only", and still find their races.
var thisScheduleOnly = map[string]string{
	"http_handler": "net/http's connection goroutines run the handler",
	"file_sync":    "which file write a read sees depends on the real order of file I/O",
	"go_in_task":   "goroutines and WaitGroups inside a task.Run are not modelled yet",
}

// goVerdict matches the one-line verdict of a checked run of goroutines.
var goVerdict = regexp.MustCompile(`(?m)^tpinstr: checked .*$`)

// listGoPrograms lists the programs of one kind of a corpus of plain-Go
// programs (corpus is relative to the module root, as goProgramsDir).
func listGoPrograms(root, corpus, kind string) ([]e2e.Program, error) {
	dir := filepath.Join(root, corpus, kind)
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, fmt.Errorf("listing %s programs: %w", kind, err)
	}
	var progs []e2e.Program
	for _, e := range entries {
		if e.IsDir() {
			progs = append(progs, e2e.Program{
				Name: e.Name(),
				Kind: kind,
				Dir:  filepath.Join(dir, e.Name()),
				Pkg:  "./" + corpus + "/" + kind + "/" + e.Name(),
			})
		}
	}
	return progs, nil
}

// TestGoProgramsLabels checks the corpus itself, without running it: every
// race program has a twin of the same name among the norace programs, race
// programs carry race labels and norace programs none, and each program's
// first line says what it tests.
func TestGoProgramsLabels(t *testing.T) {
	checkGoCorpusLabels(t, goProgramsDir, "")
}

// checkGoCorpusLabels checks the labels of the plain-Go corpus in dir (see
// TestGoProgramsLabels); with other set, no program of dir may have the
// name of one of other's (their lists of expected outcomes are keyed by
// name).
func checkGoCorpusLabels(t *testing.T, dir, other string) {
	root := e2e.TestRoot(t)
	twins := map[string]int{}
	for _, kind := range []string{e2e.KindRace, e2e.KindNoRace} {
		progs, err := listGoPrograms(root, dir, kind)
		if err != nil {
			t.Fatal(err)
		}
		if len(progs) == 0 {
			t.Fatalf("no %s programs under %s", kind, dir)
		}
		taken := map[string]bool{}
		if other != "" {
			others, err := listGoPrograms(root, other, kind)
			if err != nil {
				t.Fatal(err)
			}
			for _, p := range others {
				taken[p.Name] = true
			}
		}
		for _, p := range progs {
			twins[p.Name]++
			if taken[p.Name] {
				t.Errorf("%s has the name of a program of %s", p.Pkg, other)
			}
			pairs, err := e2e.Labels(p.Dir)
			if err != nil {
				t.Errorf("%s: %v", p.Pkg, err)
				continue
			}
			if kind == e2e.KindRace && len(pairs) == 0 {
				t.Errorf("race program %s has no race label", p.Pkg)
			}
			if kind == e2e.KindNoRace && len(pairs) != 0 {
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

// goBuilds holds the checked build of each corpus of plain-Go programs,
// by its directory (goProgramsDir, ...).
var goBuilds struct {
	mu sync.Mutex
	by map[string]*goBuild
}

// goBuild is the checked build of every program of one corpus.
type goBuild struct {
	once sync.Once
	bins map[string]string // e2e.Program.Pkg -> binary
	err  error
}

// goProgramBinary returns the checked binary of p, building all the
// programs of p's corpus on the first call for that corpus (one `tpinstr
// build` per kind: the twins share their names).
func goProgramBinary(t *testing.T, p e2e.Program) string {
	t.Helper()
	corpus := path.Dir(path.Dir(strings.TrimPrefix(p.Pkg, "./")))
	goBuilds.mu.Lock()
	if goBuilds.by == nil {
		goBuilds.by = map[string]*goBuild{}
	}
	b := goBuilds.by[corpus]
	if b == nil {
		b = &goBuild{}
		goBuilds.by[corpus] = b
	}
	goBuilds.mu.Unlock()
	b.once.Do(func() {
		b.bins = map[string]string{}
		for _, kind := range []string{e2e.KindRace, e2e.KindNoRace} {
			progs, err := listGoPrograms(harness.Root, corpus, kind)
			if err != nil {
				b.err = err
				return
			}
			dir := filepath.Join(harness.BinDir, filepath.FromSlash(corpus), kind)
			if err := os.MkdirAll(dir, 0o777); err != nil {
				b.err = err
				return
			}
			args := []string{"build", "-o", dir + string(filepath.Separator)}
			for _, q := range progs {
				args = append(args, q.Pkg)
				b.bins[q.Pkg] = filepath.Join(dir, q.Name)
			}
			cmd := exec.Command(harness.Path, args...)
			cmd.Dir = harness.Root
			if out, err := cmd.CombinedOutput(); err != nil {
				b.err = fmt.Errorf("tpinstr %s: %w\n%s", strings.Join(args, " "), err, out)
				return
			}
		}
	})
	if b.err != nil {
		t.Fatalf("building %s checked: %v", corpus, b.err)
	}
	bin, ok := b.bins[p.Pkg]
	if !ok {
		t.Fatalf("%s was not built", p.Pkg)
	}
	return bin
}

// TestGoPrograms runs every program of testdata/goprograms checked: a race
// program must exit with status 66 and report its labelled pairs and no
// race on an unlabelled line; a norace program must exit with status 0 and
// report nothing; both must print the verdict line of a run of goroutines.
// Exploration stops at 100 schedules, 1000 with -e2e.full
// (realisticOptions): within 100 every race program reports all its
// labelled pairs, which this test checks.
func TestGoPrograms(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: skipping the checked runs of the corpus (each builds a program)")
	}
	harness.Need(t)
	for _, kind := range []string{e2e.KindRace, e2e.KindNoRace} {
		progs, err := listGoPrograms(harness.Root, goProgramsDir, kind)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range progs {
			t.Run(kind+"/"+p.Name, func(t *testing.T) {
				t.Parallel()
				checkGoProgram(t, p, realisticOptions())
			})
		}
	}
}

// checkGoProgram runs one program of testdata/goprograms checked and
// compares its exit status, reports and verdict with its labels.
func checkGoProgram(t *testing.T, p e2e.Program, options string) {
	pairs, err := e2e.Labels(p.Dir)
	if err != nil {
		t.Fatal(err)
	}
	jsonPath := filepath.Join(t.TempDir(), "reports.jsonl")
	if strings.ContainsAny(jsonPath, " \t") {
		t.Fatalf("the report file %q contains a space, which the TPINSTR variable cannot carry", jsonPath)
	}
	bin := goProgramBinary(t, p)
	ctx, cancel := context.WithTimeout(context.Background(), e2e.RunTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin)
	cmd.Dir = harness.Root
	cmd.Env = append(os.Environ(), "TPINSTR=explore_time=0 sample_time=0 "+options+"json="+jsonPath)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	code, err := e2e.ExitCode(cmd.Run())
	if err != nil {
		t.Fatalf("checked %s: %v\nstderr:\n%s", p.Pkg, err, stderr.Bytes())
	}
	races, err := e2e.ReadJSONReports(jsonPath, harness.Root)
	if err != nil {
		t.Fatal(err)
	}
	verdict := goVerdict.Find(stderr.Bytes())
	if verdict == nil {
		verdict = goVerdict.Find(stdout.Bytes())
	}
	if verdict == nil {
		t.Errorf("no verdict line (tpinstr: checked ...)")
	}
	if reason, ok := thisScheduleOnly[p.Name]; ok && !bytes.Contains(verdict, []byte("this schedule only")) {
		t.Errorf("the verdict does not say this schedule only (%s): %s", reason, verdict)
	}

	if reason, known := knownGoMisses[p.Name]; known && p.Kind == e2e.KindRace {
		if missing, _ := e2e.Compare(pairs, races); len(missing) == 0 {
			t.Errorf("the race is found now: remove %s from knownGoMisses (%s)", p.Name, reason)
		} else if !bytes.Contains(verdict, []byte("this schedule only")) {
			t.Errorf("the race is missed (%s), and the verdict does not say this schedule only: %s", reason, verdict)
		}
		return
	}
	e2e.CheckOutcome(t, p, pairs, code, races, stderr.Bytes())
	if t.Failed() {
		t.Logf("verdict: %s\nstdout:\n%s\nstderr:\n%s", verdict, stdout.Bytes(), stderr.Bytes())
	}
}
