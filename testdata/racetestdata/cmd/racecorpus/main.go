// Command racecorpus runs every TestRace* and TestNoRace* function of the
// race detector's test corpus (the package in the directory above) under
// tpinstr and under Go's -race, labels each by its name (TestRace*: has a
// race, TestNoRace*: has none) and tabulates who got what right, by the
// verdict line of the checked run.
//
// Run it from the corpus module's directory:
//
//	go run ./cmd/racecorpus [-repo DIR] [-each] [-timeout D] [-details FILE] [-run REGEXP]
//
// It builds cmd/tpinstr from the tpinstr repository (-repo, by default two
// directories up), makes a temporary go.work so that the rewritten tests
// can import tpinstr's runtime, and builds two test binaries: the checked
// one (tpinstr test -c) and the -race one (go test -race -c). Each test
// function then runs alone in each binary, as `tpinstr test -run '^Name$'`
// and `go test -race -run '^Name$' -count=1` would run it; -each runs the
// two commands themselves for every function instead (much slower: each
// relinks the test binary).
//go:build unix

package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"syscall"
	"time"
)

var (
	repo    = flag.String("repo", "../..", "the tpinstr repository, whose cmd/tpinstr is built")
	each    = flag.Bool("each", false, "run `tpinstr test -run` and `go test -race -run` for every function instead of prebuilt binaries")
	timeout = flag.Duration("timeout", 2*time.Minute, "time limit of one function's run")
	details = flag.String("details", "", "write one tab-separated line per function to this file")
	runRE   = flag.String("run", "", "only the functions whose names match this regular expression")
	merge   = flag.Bool("merge", false, "run nothing: tabulate the -details files named as arguments (runs of disjoint -run subsets)")
)

func main() {
	flag.Parse()
	if *merge {
		results, err := readDetails(flag.Args())
		if err != nil {
			fmt.Fprintln(os.Stderr, "racecorpus:", err)
			os.Exit(1)
		}
		tabulate(os.Stdout, results)
		return
	}
	if err := run(os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "racecorpus:", err)
		os.Exit(1)
	}
}

// result is what one function did under both checkers.
type result struct {
	name      string
	wantRace  bool
	verdict   string // the kind of the checked run's verdict
	tpRace    bool   // the checked run reported a race
	tpNote    string // deadlock, timeout, failure: anything besides the verdict
	raceRace  bool   // -race reported a race
	raceNote  string
	tpMissing bool // the function is not in the checked binary
}

// Verdict kinds.
const (
	vEvery     = "every schedule"
	vSchedules = "N schedules"
	vOnly      = "this schedule only"
	vLimit     = "max_schedules limit"
	vNone      = "no verdict line"
	vMissing   = "not built"
	vSkipped   = "skipped"
	vTimeout   = "timed out"
	vCrashed   = "crashed"
)

func run(w io.Writer) error {
	corpus, err := os.Getwd()
	if err != nil {
		return err
	}
	root, err := filepath.Abs(*repo)
	if err != nil {
		return err
	}
	tmp, err := os.MkdirTemp("", "racecorpus-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)

	tpinstr := filepath.Join(tmp, "tpinstr")
	if err := command(root, nil, "go", "build", "-o", tpinstr, "./cmd/tpinstr"); err != nil {
		return fmt.Errorf("building tpinstr: %w", err)
	}
	work := filepath.Join(tmp, "go.work")
	ws := fmt.Sprintf("go 1.26.0\n\nuse (\n\t%s\n\t%s\n)\n", root, corpus)
	if err := os.WriteFile(work, []byte(ws), 0o644); err != nil {
		return err
	}
	env := append(os.Environ(), "GOWORK="+work)

	checked := filepath.Join(tmp, "checked.test")
	raced := filepath.Join(tmp, "race.test")
	if err := command(corpus, env, tpinstr, "test", "-c", "-o", checked, "."); err != nil {
		return fmt.Errorf("building the checked tests: %w", err)
	}
	if err := command(corpus, nil, "go", "test", "-race", "-vet=off", "-c", "-o", raced, "."); err != nil {
		return fmt.Errorf("building the -race tests: %w", err)
	}
	names, err := list(raced)
	if err != nil {
		return err
	}
	inChecked, err := list(checked)
	if err != nil {
		return err
	}
	have := map[string]bool{}
	for _, n := range inChecked {
		have[n] = true
	}
	var filter *regexp.Regexp
	if *runRE != "" {
		if filter, err = regexp.Compile(*runRE); err != nil {
			return err
		}
	}

	var results []result
	for _, name := range names {
		race := strings.HasPrefix(name, "TestRace")
		if !race && !strings.HasPrefix(name, "TestNoRace") {
			continue
		}
		if filter != nil && !filter.MatchString(name) {
			continue
		}
		r := result{name: name, wantRace: race}
		pattern := "^" + name + "$"

		// The checked run.
		if !have[name] {
			r.tpMissing, r.verdict = true, vMissing
		} else {
			var out []byte
			var err error
			if *each {
				out, err = output(corpus, env, tpinstr, "test", "-v", "-count=1", "-run", pattern, ".")
			} else {
				out, err = output(corpus, env, checked, "-test.v", "-test.run", pattern, "-test.count=1")
			}
			out = ownOutput(out, name)
			r.verdict, r.tpRace, r.tpNote = readChecked(out, err)
			if bytes.Contains(out, []byte("--- SKIP")) {
				r.verdict = vSkipped
			}
			if err != nil && strings.HasPrefix(err.Error(), "timed out") {
				r.verdict = vTimeout
			}
		}

		// The -race run.
		var out []byte
		if *each {
			out, err = output(corpus, nil, "go", "test", "-race", "-vet=off", "-v", "-count=1", "-run", pattern, ".")
		} else {
			out, err = output(corpus, nil, raced, "-test.v", "-test.run", pattern, "-test.count=1")
		}
		out = ownOutput(out, name)
		r.raceRace, r.raceNote = readRace(out, err)
		results = append(results, r)
		fmt.Fprintf(os.Stderr, "%-45s %-6v tpinstr: %-20s race=%-5v %s | -race: race=%v %s\n",
			name, race, r.verdict, r.tpRace, r.tpNote, r.raceRace, r.raceNote)
	}
	if *details != "" {
		if err := writeDetails(*details, results); err != nil {
			return err
		}
	}
	tabulate(w, results)
	return nil
}

// command runs a command and returns its combined output in the error when
// it fails.
func command(dir string, env []string, name string, args ...string) error {
	cmd := exec.Command(name, args...)
	cmd.Dir, cmd.Env = dir, env
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("%s %s: %w\n%s", name, strings.Join(args, " "), err, out)
	}
	return nil
}

// output runs a command with the time limit and returns its combined
// output; the error is the command's (an exit status is not a failure
// here: a race makes a test fail).
func output(dir string, env []string, name string, args ...string) ([]byte, error) {
	ctx, cancel := context.WithTimeout(context.Background(), *timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Dir, cmd.Env = dir, env
	// A checked run re-runs its binary to explore schedules: on a timeout,
	// kill the whole process group, not only the first process.
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	out, err := cmd.CombinedOutput()
	if ctx.Err() != nil {
		return out, fmt.Errorf("timed out after %v", *timeout)
	}
	return out, err
}

// ownOutput returns the part of a verbose test run's output that belongs to
// the function name: from its "=== RUN" line on. What comes before it
// (races at package initialisation: the corpus has one, in
// regression_test.go) is left out, as the race detector's own test harness
// leaves it out.
func ownOutput(out []byte, name string) []byte {
	if i := bytes.Index(out, []byte("=== RUN   "+name+"\n")); i >= 0 {
		return out[i:]
	}
	return out
}

// list returns the test functions of a test binary.
func list(bin string) ([]string, error) {
	// The status is not looked at: the -race binary may exit with 66 when
	// something raced before the listing (the corpus has races at init).
	out, err := exec.Command(bin, "-test.list", ".").Output()
	if len(out) == 0 {
		return nil, fmt.Errorf("listing the tests of %s: no output (%v)", filepath.Base(bin), err)
	}
	var names []string
	for _, l := range strings.Split(string(out), "\n") {
		if strings.HasPrefix(l, "Test") {
			names = append(names, l)
		}
	}
	sort.Strings(names)
	return names, nil
}

var verdictLine = regexp.MustCompile(`(?m)^tpinstr: checked (.*)$`)

// readChecked classifies the output of a checked run: its verdict, whether
// it reported a race, and anything else worth a note.
func readChecked(out []byte, err error) (verdict string, race bool, note string) {
	race = bytes.Contains(out, []byte("WARNING: DATA RACE")) ||
		bytes.Contains(out, []byte("WARNING: DETERMINACY RACE"))
	verdict = vNone
	rank := map[string]int{vNone: 0, vEvery: 1, vSchedules: 2, vLimit: 3, vOnly: 4}
	for _, m := range verdictLine.FindAllSubmatch(out, -1) {
		v := string(m[1])
		k := vOnly
		switch {
		case strings.HasPrefix(v, "every schedule"):
			k = vEvery
		case strings.Contains(v, "max_schedules"):
			k = vLimit
		case strings.Contains(v, "this schedule only"), strings.Contains(v, "only, as the replay"):
			k = vOnly
		case strings.Contains(v, "were not checked"):
			k = vSchedules
		}
		if rank[k] > rank[verdict] {
			verdict = k // the weakest verdict of the function's runs
		}
	}
	var notes []string
	if bytes.Contains(out, []byte("DEADLOCK")) {
		notes = append(notes, "deadlock reported")
	}
	if bytes.Contains(out, []byte("--- SKIP")) {
		notes = append(notes, "skipped")
	}
	if bytes.Contains(out, []byte("panic:")) || bytes.Contains(out, []byte("fatal error:")) {
		notes = append(notes, "crashed")
	}
	if err != nil {
		var ee *exec.ExitError
		if !errors.As(err, &ee) {
			notes = append(notes, err.Error())
		} else if !race && ee.ExitCode() != 0 && !bytes.Contains(out, []byte("race detected outside of test")) {
			notes = append(notes, fmt.Sprintf("exit status %d", ee.ExitCode()))
		}
	}
	return verdict, race, strings.Join(notes, "; ")
}

// readRace classifies the output of a -race run as the race detector's own
// test does: a report, or the runtime's concurrent map check.
func readRace(out []byte, err error) (race bool, note string) {
	race = bytes.Contains(out, []byte("DATA RACE")) ||
		bytes.Contains(out, []byte("fatal error: concurrent map"))
	var notes []string
	if bytes.Contains(out, []byte("--- SKIP")) {
		notes = append(notes, "skipped")
	}
	if err != nil {
		var ee *exec.ExitError
		if !errors.As(err, &ee) {
			notes = append(notes, err.Error())
		}
	}
	return race, strings.Join(notes, "; ")
}

func writeDetails(path string, results []result) error {
	var b strings.Builder
	b.WriteString("name\tlabel\ttpinstr verdict\ttpinstr race\ttpinstr note\t-race race\t-race note\n")
	for _, r := range results {
		label := "norace"
		if r.wantRace {
			label = "race"
		}
		fmt.Fprintf(&b, "%s\t%s\t%s\t%v\t%s\t%v\t%s\n", r.name, label, r.verdict, r.tpRace, r.tpNote, r.raceRace, r.raceNote)
	}
	return os.WriteFile(path, []byte(b.String()), 0o644)
}

// readDetails reads the results that writeDetails wrote, from several
// files.
func readDetails(paths []string) ([]result, error) {
	var results []result
	for _, path := range paths {
		b, err := os.ReadFile(path)
		if err != nil {
			return nil, fmt.Errorf("reading details: %w", err)
		}
		for i, line := range strings.Split(strings.TrimRight(string(b), "\n"), "\n") {
			if i == 0 {
				continue // the header
			}
			f := strings.Split(line, "\t")
			if len(f) != 7 {
				return nil, fmt.Errorf("reading details: %s:%d: %d fields, want 7", path, i+1, len(f))
			}
			results = append(results, result{
				name: f[0], wantRace: f[1] == "race", verdict: f[2], tpRace: f[3] == "true",
				tpNote: f[4], raceRace: f[5] == "true", raceNote: f[6], tpMissing: f[2] == vMissing,
			})
		}
	}
	sort.Slice(results, func(i, j int) bool { return results[i].name < results[j].name })
	return results, nil
}

// tally counts right and wrong answers for race and norace functions.
type tally struct{ n, raceRight, raceWrong, noRight, noWrong int }

func (t *tally) add(want, got bool) {
	t.n++
	switch {
	case want && got:
		t.raceRight++
	case want:
		t.raceWrong++
	case got:
		t.noWrong++
	default:
		t.noRight++
	}
}

func (t tally) String() string {
	return fmt.Sprintf("%d right, %d wrong (race: %d found, %d missed; norace: %d clean, %d false reports)",
		t.raceRight+t.noRight, t.raceWrong+t.noWrong, t.raceRight, t.raceWrong, t.noRight, t.noWrong)
}

func tabulate(w io.Writer, results []result) {
	kinds := []string{vEvery, vSchedules, vLimit, vOnly, vNone, vCrashed, vTimeout, vMissing, vSkipped}
	byKind := map[string][2]int{}
	var tpAll, raceAll tally
	tpKind := map[string]*tally{}
	raceKind := map[string]*tally{}
	for _, k := range kinds {
		tpKind[k], raceKind[k] = &tally{}, &tally{}
	}
	for i := range results {
		r := &results[i]
		if r.verdict == vNone && strings.Contains(r.tpNote, "crashed") {
			r.verdict = vCrashed
		}
		c := byKind[r.verdict]
		if r.wantRace {
			c[0]++
		} else {
			c[1]++
		}
		byKind[r.verdict] = c
		if r.verdict == vSkipped {
			continue // the test skips itself (under both checkers): no answer to count
		}
		noAnswer := r.tpMissing || r.verdict == vCrashed || r.verdict == vTimeout
		if !noAnswer {
			tpAll.add(r.wantRace, r.tpRace)
			tpKind[r.verdict].add(r.wantRace, r.tpRace)
		}
		raceAll.add(r.wantRace, r.raceRace)
		raceKind[r.verdict].add(r.wantRace, r.raceRace)
	}
	fmt.Fprintf(w, "| verdict of the checked run | TestRace* | TestNoRace* | tpinstr right / wrong | -race (one run) right / wrong |\n")
	fmt.Fprintf(w, "|---|---|---|---|---|\n")
	for _, k := range kinds {
		c := byKind[k]
		if c[0]+c[1] == 0 {
			continue
		}
		tp, rc := tpKind[k], raceKind[k]
		tpCell := fmt.Sprintf("%d / %d", tp.raceRight+tp.noRight, tp.raceWrong+tp.noWrong)
		rcCell := fmt.Sprintf("%d / %d", rc.raceRight+rc.noRight, rc.raceWrong+rc.noWrong)
		if k == vMissing || k == vCrashed || k == vTimeout {
			tpCell = "no answer"
		}
		if k == vSkipped {
			tpCell, rcCell = "-", "-"
		}
		fmt.Fprintf(w, "| %s | %d | %d | %s | %s |\n", k, c[0], c[1], tpCell, rcCell)
	}
	fmt.Fprintf(w, "\nExact subset (%s): tpinstr %s; -race %s.\n", vEvery, *tpKind[vEvery], *raceKind[vEvery])
	fmt.Fprintf(w, "All functions: tpinstr %s; -race %s.\n", tpAll, raceAll)
	fmt.Fprintf(w, "\nDisagreements with the label:\n\n")
	for _, r := range results {
		if r.verdict == vSkipped {
			continue
		}
		noAnswer := r.tpMissing || r.verdict == vCrashed || r.verdict == vTimeout
		tpWrong := noAnswer || r.tpRace != r.wantRace
		raceWrong := r.raceRace != r.wantRace
		if !tpWrong && !raceWrong {
			continue
		}
		var who []string
		if tpWrong && noAnswer {
			who = append(who, "tpinstr (no answer)")
		} else if tpWrong {
			who = append(who, "tpinstr")
		}
		if raceWrong {
			who = append(who, "-race")
		}
		note := r.tpNote
		if note != "" {
			note = "; " + note
		}
		fmt.Fprintf(w, "- %s: %s wrong (checked run: %s%s)\n", r.name, strings.Join(who, " and "), r.verdict, note)
	}
}
