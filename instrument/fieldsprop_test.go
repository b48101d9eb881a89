package instrument

import (
	"bufio"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"golang.org/x/tools/go/packages"
)

var (
	fieldsPropN    = flag.Int("fieldsprop.n", 100, "the number of random scenarios of TestFieldsProperty")
	fieldsPropSeed = flag.Uint64("fieldsprop.seed", 1, "the seed of TestFieldsProperty's scenarios (scenario i is generated from the seed and i)")
)

// TestFieldsProperty is a random property test of the fields optimization
// (fields.go) against an oracle. It generates -fieldsprop.n scenarios
// (fieldsgen_test.go): each is a function of a generated module's package
// main that declares its own struct types (nested and embedded by value,
// embedded through a pointer, arrays of structs, array fields, fields of
// unnamed struct types and of defined types with pointer methods, a
// pointer field, an embedded atomic.Int64, a generic pair, a type of a
// second package) and objects, and reads and writes their fields in some
// seventy shapes before a fork, in parallel branches (rt/task's Finish,
// Async, futures and ForAll, or go statements and WaitGroup.Go with a
// sync.WaitGroup) and after the join. The generator knows which cells of
// memory each operation reads and writes and where it runs, so it knows
// whether the scenario has a race. Most scenarios pair writes with
// accesses of the same fields in other branches, each write being the
// only one of its field, so that a write form that failed to mark its
// field would let the optimization hide the race. Scenarios that convert
// through unsafe.Pointer, which keeps every flag of a program set, go
// into a second program, so that they do not hide the optimization from
// the others.
//
// The module is rewritten twice, with the optimization on and off, and
// each rewrite is built once (both programs in one go build). Every
// scenario then runs in both builds: each must exit 66 when the oracle
// says it has a race and 0 otherwise, having checked every schedule, and
// both builds must report the same races (the same pairs of lines).
//
// The test fails too when it would prove little: when fewer than a
// quarter of the scenarios are racy, or race-free, or when fewer than a
// quarter of those of the first program have a field read whose hook the
// optimization switches off at run time. Which those are follows from the
// rewritten files and their site packages: a read's hook is guarded by a
// flag, and the runtime clears the flag when no file of the program
// registers a write key among the read's keys (nor every field).
//
// A failure prints the seed, the scenario's index and source, the
// oracle's racing pairs and both runs' output; -fieldsprop.seed and
// -fieldsprop.n (above the index) generate it again.
func TestFieldsProperty(t *testing.T) {
	if testing.Short() {
		t.Skip("builds programs; skipped in -short mode")
	}
	start := time.Now()
	n, seed := *fieldsPropN, *fieldsPropSeed
	scenarios := make([]*fieldsScenario, n)
	for i := range scenarios {
		scenarios[i] = newFieldsScenario(seed, i)
	}
	dir := writeFieldsModule(t, scenarios)
	pkgs := loadIn(t, dir)
	if errs := pkgErrors(pkgs); errs != "" {
		t.Fatalf("the generated module does not load (seed %d):\n%s", seed, errs)
	}
	on := buildFieldsPrograms(t, dir, pkgs, Config{})
	off := buildFieldsPrograms(t, dir, pkgs, Config{Disable: map[string]bool{OptFields: true}})
	switchedOff := switchedOffReads(t, pkgs, on)

	var st struct{ racy, clean, tasks, unsafe, first, withOff, off int }
	shapes := map[string]bool{}
	for _, sc := range scenarios {
		for _, s := range sc.shapes {
			shapes[s] = true
		}
		if sc.racy {
			st.racy++
		} else {
			st.clean++
		}
		if sc.tasks {
			st.tasks++
		}
		if sc.unsafe {
			st.unsafe++
			continue
		}
		st.first++
		k := switchedOff[fieldsFile(dir, sc)] + switchedOff[fieldsExtFile(dir, sc)]
		if k > 0 {
			st.withOff++
			st.off += k
		}
	}
	for _, sc := range scenarios {
		t.Run(sc.name, func(t *testing.T) {
			checkFieldsScenario(t, dir, sc, on, off)
		})
	}
	t.Logf("seed %d: %d scenarios (%d rt/task, %d go; %d with unsafe.Pointer), %d racy, %d race-free, %d of the %d shapes of operation; "+
		"%d read hooks switched off at run time, in %d of the %d scenarios of the first program; %v",
		seed, n, st.tasks, n-st.tasks, st.unsafe, st.racy, st.clean, len(shapes), len(fieldsReads)+len(fieldsWrites),
		st.off, st.withOff, st.first, time.Since(start).Round(time.Millisecond))
	if n < 8 {
		return // too few for shares to mean anything
	}
	if 4*st.racy < n || 4*st.clean < n {
		t.Errorf("%d racy and %d race-free scenarios of %d: the generator should make at least a quarter of each", st.racy, st.clean, n)
	}
	if 4*st.withOff < st.first {
		t.Errorf("only %d of %d scenarios have a read whose hook the fields optimization switches off: the test barely exercises it", st.withOff, st.first)
	}
}

// fieldsFile returns the path of the file of sc in the module at dir.
func fieldsFile(dir string, sc *fieldsScenario) string {
	if sc.unsafe {
		return filepath.Join(dir, "u", sc.name+".go")
	}
	return filepath.Join(dir, sc.name+".go")
}

// fieldsExtFile returns the path of the file of sc in package ext.
func fieldsExtFile(dir string, sc *fieldsScenario) string {
	return filepath.Join(dir, "ext", sc.name+".go")
}

// writeFieldsModule writes the module of the scenarios into a new
// directory and returns it: package main holds the scenarios without
// unsafe.Pointer, package u (a second program) the others, package ext
// the types and functions of the second package. The module requires
// this one, replaced by its directory.
func writeFieldsModule(t *testing.T, scenarios []*fieldsScenario) string {
	t.Helper()
	root := moduleRoot(t)
	dir := t.TempDir()
	mod, err := os.ReadFile(filepath.Join(root, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	goVersion := ""
	for _, l := range strings.Split(string(mod), "\n") {
		if v, ok := strings.CutPrefix(l, "go "); ok {
			goVersion = strings.TrimSpace(v)
		}
	}
	if goVersion == "" {
		t.Fatal("the module's go.mod has no go directive")
	}
	sum, err := os.ReadFile(filepath.Join(root, "go.sum"))
	if err != nil {
		t.Fatal(err)
	}
	files := map[string]string{
		"go.mod":     fmt.Sprintf("module %s\n\ngo %s\n\nrequire github.com/tpinstr/tpinstr v0.0.0\n\nreplace github.com/tpinstr/tpinstr => %s\n", fieldsModule, goVersion, root),
		"go.sum":     string(sum),
		"ext/ext.go": fieldsExt,
	}
	var first, second []*fieldsScenario
	for _, sc := range scenarios {
		if sc.unsafe {
			second = append(second, sc)
		} else {
			first = append(first, sc)
		}
		rel, _ := filepath.Rel(dir, fieldsFile(dir, sc))
		files[filepath.ToSlash(rel)] = sc.src
		if sc.extSrc != "" {
			files["ext/"+sc.name+".go"] = sc.extSrc
		}
	}
	files["main.go"] = fieldsMain(first)
	if len(second) > 0 {
		files["u/main.go"] = fieldsMain(second)
	}
	for name, content := range files {
		path := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// fieldsBuild is one rewrite of the generated module, built.
type fieldsBuild struct {
	name    string
	results map[string]*Result // by package ID
	bins    map[bool]string    // the programs, by whether they hold the unsafe scenarios
}

// buildFieldsPrograms rewrites pkgs with cfg and builds the module's
// programs with the rewritten files.
func buildFieldsPrograms(t *testing.T, dir string, pkgs []*packages.Package, cfg Config) *fieldsBuild {
	t.Helper()
	b := &fieldsBuild{name: "fields on", bins: map[bool]string{}}
	if cfg.Disable[OptFields] {
		b.name = "fields off"
	}
	overlay, results := rewriteAll(t, pkgs, cfg)
	b.results = results
	tmp := t.TempDir()
	ovl := writeOverlay(t, tmp, overlay)
	out := filepath.Join(tmp, "bin")
	args := []string{"build", "-tags", "tpinstr", "-overlay", ovl, "-o", out + string(filepath.Separator), "."}
	b.bins[false] = filepath.Join(out, filepath.Base(fieldsModule))
	if _, err := os.Stat(filepath.Join(dir, "u")); err == nil {
		args = append(args, "./u")
		b.bins[true] = filepath.Join(out, "u")
	}
	if _, errOut, code, err := run(dir, []string{"GOFLAGS=-mod=mod"}, goTool(), args...); err != nil || code != 0 {
		t.Fatalf("build (%s): %v %s", b.name, err, errOut)
	}
	return b
}

// switchedOffReads returns, by path of a rewritten file of the build b,
// the number of its read hooks whose flag the runtime clears when its
// program starts: those whose read keys no file of the program writes,
// in a program in which no file may write every field.
func switchedOffReads(t *testing.T, pkgs []*packages.Package, b *fieldsBuild) map[string]int {
	t.Helper()
	type registration struct{ reads, writes []string }
	regs := map[string]map[string]registration{} // by package path, by flag array
	for _, p := range pkgs {
		res := b.results[p.ID]
		if res == nil {
			continue
		}
		if regs[p.PkgPath] == nil {
			regs[p.PkgPath] = map[string]registration{}
		}
		for _, sp := range res.SitePackages {
			for _, m := range registerRE.FindAllStringSubmatch(string(sp.Content), -1) {
				regs[p.PkgPath][strings.TrimSuffix(m[1], "[:]")] = registration{quotedList(t, m[2]), quotedList(t, m[3])}
			}
		}
	}
	guard := regexp.MustCompile(`\.(F[0-9a-f]+)\[(\d+)\]`)
	out := map[string]int{}
	for _, prog := range []string{fieldsModule, fieldsModule + "/u"} {
		program := []string{prog, fieldsModule + "/ext"}
		written, every := map[string]bool{}, false
		for _, path := range program {
			for _, r := range regs[path] {
				for _, k := range r.writes {
					written[k] = true
					every = every || k == anyField
				}
			}
		}
		cleared := func(flags string, i int) bool {
			for _, path := range program {
				r, ok := regs[path][flags]
				if !ok {
					continue
				}
				if every || i >= len(r.reads) {
					return false
				}
				for _, k := range strings.Fields(r.reads[i]) {
					if written[k] {
						return false
					}
				}
				return true
			}
			return false
		}
		for _, p := range pkgs {
			if p.PkgPath != prog && (prog != fieldsModule || p.PkgPath != fieldsModule+"/ext") {
				continue // each file of ext counted once, with the first program
			}
			res := b.results[p.ID]
			if res == nil {
				continue
			}
			for _, f := range res.Files {
				for _, m := range guard.FindAllStringSubmatch(string(f.Content), -1) {
					if i, err := strconv.Atoi(m[2]); err == nil && cleared(m[1], i) {
						out[f.Path]++
					}
				}
			}
		}
	}
	return out
}

// quotedList returns the strings of a list that registerRE matched: nil
// or a []string literal.
func quotedList(t *testing.T, s string) []string {
	t.Helper()
	var l []string
	for _, q := range regexp.MustCompile(`"(?:[^"\\]|\\.)*"`).FindAllString(s, -1) {
		u, err := strconv.Unquote(q)
		if err != nil {
			t.Fatal(err)
		}
		l = append(l, u)
	}
	return l
}

// fieldsRun is the outcome of a run of one scenario.
type fieldsRun struct {
	code   int
	stderr string
	pairs  []string // the races reported, each as the sorted pair of its lines
}

// runFieldsScenario runs sc in the program of build b, in dir, the
// checker writing its reports to the file reports.
func runFieldsScenario(dir, reports string, sc *fieldsScenario, b *fieldsBuild) (*fieldsRun, error) {
	_, stderr, code, err := run(dir, []string{"TPINSTR=json=" + reports + " explore_procs=1 explore_time=0"}, b.bins[sc.unsafe], sc.name)
	if err != nil {
		return nil, fmt.Errorf("run %s (%s): %w", sc.name, b.name, err)
	}
	r := &fieldsRun{code: code, stderr: stderr}
	f, err := os.Open(reports)
	if errors.Is(err, os.ErrNotExist) {
		return r, nil
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	type access struct {
		File string
		Line int
	}
	seen := map[string]bool{}
	lines := bufio.NewScanner(f)
	lines.Buffer(make([]byte, 1<<20), 1<<24)
	for lines.Scan() {
		var rep struct {
			Type             string
			Access, Previous access
		}
		if err := json.Unmarshal(lines.Bytes(), &rep); err != nil {
			return nil, fmt.Errorf("report of %s (%s): %w", sc.name, b.name, err)
		}
		if rep.Type != "race" {
			continue
		}
		sides := []string{
			fmt.Sprintf("%s:%d", filepath.Base(rep.Access.File), rep.Access.Line),
			fmt.Sprintf("%s:%d", filepath.Base(rep.Previous.File), rep.Previous.Line),
		}
		sort.Strings(sides)
		seen[sides[0]+" "+sides[1]] = true
	}
	if err := lines.Err(); err != nil {
		return nil, fmt.Errorf("reports of %s (%s): %w", sc.name, b.name, err)
	}
	for p := range seen {
		r.pairs = append(r.pairs, p)
	}
	sort.Strings(r.pairs)
	return r, nil
}

// checkFieldsScenario runs sc in both builds and checks their verdicts
// against the oracle's and their reports against each other.
func checkFieldsScenario(t *testing.T, dir string, sc *fieldsScenario, on, off *fieldsBuild) {
	t.Helper()
	tmp := t.TempDir()
	runs := map[*fieldsBuild]*fieldsRun{}
	for i, b := range []*fieldsBuild{on, off} {
		r, err := runFieldsScenario(dir, filepath.Join(tmp, fmt.Sprintf("reports%d.json", i)), sc, b)
		if err != nil {
			t.Fatal(err)
		}
		runs[b] = r
	}
	var problems []string
	want := 0
	if sc.racy {
		want = 66
	}
	for _, b := range []*fieldsBuild{on, off} {
		r := runs[b]
		if r.code != want {
			problems = append(problems, fmt.Sprintf("%s: exit status %d, want %d", b.name, r.code, want))
		}
		if !strings.Contains(r.stderr, "checked every schedule") {
			problems = append(problems, fmt.Sprintf("%s: the run did not check every schedule", b.name))
		}
		if strings.Contains(r.stderr, "without a hook") {
			problems = append(problems, fmt.Sprintf("%s: the run reached accesses that the rewrite left without a hook", b.name))
		}
	}
	if a, b := strings.Join(runs[on].pairs, "\n"), strings.Join(runs[off].pairs, "\n"); a != b {
		problems = append(problems, fmt.Sprintf("the builds report different races:\nfields on:\n%s\nfields off:\n%s", a, b))
	}
	if len(problems) == 0 {
		return
	}
	var msg strings.Builder
	fmt.Fprintf(&msg, "scenario %s (-fieldsprop.seed=%d, index %d; %s, %s):\n%s\n",
		sc.name, sc.seed, sc.index, map[bool]string{true: "rt/task", false: "go statements"}[sc.tasks], sc.style, strings.Join(problems, "\n"))
	if sc.racy {
		fmt.Fprintf(&msg, "the oracle's races:\n  %s\n", strings.Join(sc.races, "\n  "))
	} else {
		msg.WriteString("the oracle finds no race\n")
	}
	fmt.Fprintf(&msg, "shapes: %s\n", strings.Join(sc.shapes, ", "))
	fmt.Fprintf(&msg, "--- %s\n%s", filepath.Base(fieldsFile(dir, sc)), numberLines(sc.src))
	if sc.extSrc != "" {
		fmt.Fprintf(&msg, "--- ext/%s.go\n%s", sc.name, numberLines(sc.extSrc))
	}
	for _, b := range []*fieldsBuild{on, off} {
		fmt.Fprintf(&msg, "--- %s, standard error:\n%s", b.name, runs[b].stderr)
	}
	t.Error(msg.String())
}

// numberLines returns src with each line prefixed by its number.
func numberLines(src string) string {
	var b strings.Builder
	for i, l := range strings.Split(strings.TrimSuffix(src, "\n"), "\n") {
		fmt.Fprintf(&b, "%4d  %s\n", i+1, l)
	}
	return b.String()
}
