package e2e

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
)

// GoCorpus is a corpus of labelled plain-Go programs: goroutines, channels,
// package sync and sync/atomic, with race programs under Dir/race and
// their race-free twins under Dir/norace.
type GoCorpus struct {
	// Dir is the corpus's directory, relative to the module root.
	Dir string
	// Misses are the race programs whose race the checked run does not
	// find yet, each with the reason: their run must say that it checked
	// one schedule only, and the check fails when one is found (so that
	// the list only shrinks).
	Misses map[string]string
	// ScheduleOnly are the programs whose goroutines are not all started
	// by the program, each with the reason: their runs must say "this
	// schedule only", and still find their races.
	ScheduleOnly map[string]string
}

// goVerdict matches the one-line verdict of a checked run of goroutines.
var goVerdict = regexp.MustCompile(`(?m)^tpinstr: checked .*$`)

// ListGoPrograms lists the programs of one kind of a corpus of plain-Go
// programs (corpus is relative to the module root root).
func ListGoPrograms(root, corpus, kind string) ([]Program, error) {
	dir := filepath.Join(root, corpus, kind)
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, fmt.Errorf("listing %s programs: %w", kind, err)
	}
	var progs []Program
	for _, e := range entries {
		if e.IsDir() {
			progs = append(progs, Program{
				Name: e.Name(),
				Kind: kind,
				Dir:  filepath.Join(dir, e.Name()),
				Pkg:  "./" + corpus + "/" + kind + "/" + e.Name(),
			})
		}
	}
	return progs, nil
}

// CheckGoCorpusLabels checks the corpus in dir without running it: every
// race program has a twin of the same name among the norace programs,
// race programs carry race labels and norace programs none, and each
// program's first line says what it tests. With other set, no program of
// dir may have the name of one of other's (their lists of expected
// outcomes are keyed by name).
func CheckGoCorpusLabels(t *testing.T, dir, other string) {
	t.Helper()
	root := TestRoot(t)
	twins := map[string]int{}
	for _, kind := range []string{KindRace, KindNoRace} {
		progs, err := ListGoPrograms(root, dir, kind)
		if err != nil {
			t.Fatal(err)
		}
		if len(progs) == 0 {
			t.Fatalf("no %s programs under %s", kind, dir)
		}
		taken := map[string]bool{}
		if other != "" {
			others, err := ListGoPrograms(root, other, kind)
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

// goBuild is the checked build of every program of one corpus.
type goBuild struct {
	once sync.Once
	bins map[string]string // Program.Pkg -> binary
	err  error
}

// GoProgramBinary returns the checked binary of p, building all the
// programs of p's corpus on the first call for that corpus (one `tpinstr
// build` per kind: the twins share their names).
func (h *Harness) GoProgramBinary(t *testing.T, p Program) string {
	t.Helper()
	corpus := path.Dir(path.Dir(strings.TrimPrefix(p.Pkg, "./")))
	h.goMu.Lock()
	if h.goBuilds == nil {
		h.goBuilds = map[string]*goBuild{}
	}
	b := h.goBuilds[corpus]
	if b == nil {
		b = &goBuild{}
		h.goBuilds[corpus] = b
	}
	h.goMu.Unlock()
	b.once.Do(func() {
		b.bins = map[string]string{}
		for _, kind := range []string{KindRace, KindNoRace} {
			progs, err := ListGoPrograms(h.Root, corpus, kind)
			if err != nil {
				b.err = err
				return
			}
			dir := filepath.Join(h.BinDir, filepath.FromSlash(corpus), kind)
			if err := os.MkdirAll(dir, 0o777); err != nil {
				b.err = err
				return
			}
			args := []string{"build", "-o", dir + string(filepath.Separator)}
			for _, q := range progs {
				args = append(args, q.Pkg)
				b.bins[q.Pkg] = filepath.Join(dir, q.Name)
			}
			cmd := exec.Command(h.Path, args...)
			cmd.Dir = h.Root
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

// scheduleOnly reports whether verdict is the third kind, a construct
// whose other outcomes were not checked: "checked this schedule only:
// ...", or, when the run explored other orders first (a racing read's, or
// a mutex's), "checked N schedules: the other outcomes of ... were not
// checked".
func scheduleOnly(verdict []byte) bool {
	return bytes.Contains(verdict, []byte("this schedule only")) ||
		bytes.Contains(verdict, []byte(": the other outcomes of ")) && bytes.Contains(verdict, []byte(" were not checked ("))
}

// CheckGoProgram runs the program p of corpus c checked, with the TPINSTR
// options options besides its own, and compares its exit status, reports
// and verdict with its labels: a race program must exit with status 66
// and report its labelled pairs and no race on an unlabelled line; a
// norace program must exit with status 0 and report nothing; both must
// print the verdict line of a run of goroutines.
func (h *Harness) CheckGoProgram(t *testing.T, c GoCorpus, p Program, options string) {
	t.Helper()
	pairs, err := Labels(p.Dir)
	if err != nil {
		t.Fatal(err)
	}
	bin := h.GoProgramBinary(t, p)
	code, races, stdout, stderr := h.RunChecked(t, p, bin, "explore_time=0 sample_time=0 "+options)
	verdict := goVerdict.Find(stderr)
	if verdict == nil {
		verdict = goVerdict.Find(stdout)
	}
	if verdict == nil {
		t.Errorf("no verdict line (tpinstr: checked ...)")
	}
	if reason, ok := c.ScheduleOnly[p.Name]; ok && !scheduleOnly(verdict) {
		t.Errorf("the verdict does not say this schedule only (%s): %s", reason, verdict)
	}

	if reason, known := c.Misses[p.Name]; known && p.Kind == KindRace {
		if missing, _ := Compare(pairs, races); len(missing) == 0 {
			t.Errorf("the race is found now: remove %s from the corpus's misses (%s)", p.Name, reason)
		} else if !scheduleOnly(verdict) {
			t.Errorf("the race is missed (%s), and the verdict does not say this schedule only: %s", reason, verdict)
		}
		return
	}
	CheckOutcome(t, p, pairs, code, races, stderr)
	if t.Failed() {
		t.Logf("verdict: %s\nstdout:\n%s\nstderr:\n%s", verdict, stdout, stderr)
	}
}

// RunChecked runs bin, the checked build of p, in the module root with
// TPINSTR set to options (space-separated, possibly empty) and a JSON
// report file, and returns its exit status, the races it reported and its
// output. A run that does not end within RunTimeout fails the test.
func (h *Harness) RunChecked(t *testing.T, p Program, bin, options string) (code int, races []Race, stdout, stderr []byte) {
	t.Helper()
	jsonPath := filepath.Join(t.TempDir(), "reports.jsonl")
	if strings.ContainsAny(jsonPath, " \t") {
		t.Fatalf("the report file %q contains a space, which the TPINSTR variable cannot carry", jsonPath)
	}
	if options != "" && !strings.HasSuffix(options, " ") {
		options += " "
	}
	ctx, cancel := context.WithTimeout(context.Background(), RunTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin)
	cmd.Dir = h.Root
	cmd.Env = append(os.Environ(), "TPINSTR="+options+"json="+jsonPath)
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	code, err := ExitCode(cmd.Run())
	if err != nil {
		t.Fatalf("checked %s: %v\nstderr:\n%s", p.Pkg, err, errOut.Bytes())
	}
	races, err = ReadJSONReports(jsonPath, h.Root)
	if err != nil {
		t.Fatal(err)
	}
	return code, races, out.Bytes(), errOut.Bytes()
}

// RunGoCorpus runs every program of corpus c checked, in parallel
// subtests named kind/name, each with CheckGoProgram.
func (h *Harness) RunGoCorpus(t *testing.T, c GoCorpus, options string) {
	t.Helper()
	if testing.Short() {
		t.Skip("-short: skipping the checked runs of the corpus (each builds a program)")
	}
	h.Need(t)
	for _, kind := range []string{KindRace, KindNoRace} {
		progs, err := ListGoPrograms(h.Root, c.Dir, kind)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range progs {
			t.Run(kind+"/"+p.Name, func(t *testing.T) {
				t.Parallel()
				h.CheckGoProgram(t, c, p, options)
			})
		}
	}
}
