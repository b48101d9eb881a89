package instrument

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"sort"
	"strings"
	"testing"
)

var corpusFlag = flag.Bool("corpus", false, "run the differential corpus of the standard library's examples (slow; see corpus/run.sh)")

// corpusPkgs, if set, limits the corpus to these comma-separated package
// directories of the standard library (for example "strings,sort").
var corpusPkgs = flag.String("corpus.pkgs", "", "comma-separated standard library directories to limit -corpus to")

// TestCorpus is the differential corpus: it copies the external test files
// of every standard library package that has an Example with an Output
// comment into a temporary module, runs its examples with go test as they
// are and rewritten (through an overlay), and requires the same result for
// every example: go test compares each example's output with its Output
// comment, so a pass means the output is identical.
func TestCorpus(t *testing.T) {
	if !*corpusFlag {
		t.Skip("the differential corpus runs only with -corpus")
	}
	root := moduleRoot(t)
	tmp := t.TempDir()
	dirs := corpusDirs(t, filepath.Join(runtime.GOROOT(), "src"))
	if len(dirs) == 0 {
		t.Fatal("no standard library package with examples found")
	}
	copied := 0
	for _, d := range dirs {
		n, err := copyExternalTests(filepath.Join(runtime.GOROOT(), "src", d), filepath.Join(tmp, d))
		if err != nil {
			t.Fatal(err)
		}
		if n > 0 {
			copied++
		}
	}
	gomod := fmt.Sprintf("module corpus\n\ngo 1.26\n\nrequire github.com/tpinstr/tpinstr v0.0.0\n\nreplace github.com/tpinstr/tpinstr => %s\n", root)
	if err := os.WriteFile(filepath.Join(tmp, "go.mod"), []byte(gomod), 0o644); err != nil {
		t.Fatal(err)
	}
	sum, err := os.ReadFile(filepath.Join(root, "go.sum"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(tmp, "go.sum"), sum, 0o644); err != nil {
		t.Fatal(err)
	}
	// A blank import keeps the requirement of the module used.
	if err := os.MkdirAll(filepath.Join(tmp, "keep"), 0o755); err != nil {
		t.Fatal(err)
	}
	keep := "package keep\n\nimport _ \"github.com/tpinstr/tpinstr/rt\"\n"
	if err := os.WriteFile(filepath.Join(tmp, "keep", "keep.go"), []byte(keep), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("%d standard library packages with examples copied", copied)

	orig := runExamples(t, tmp, "")

	pkgs := loadIn(t, tmp)
	overlay := map[string][]byte{}
	var stats Stats
	stats.Skipped = map[string]int{}
	rewritten := 0
	for _, p := range pkgs {
		if len(p.Errors) > 0 || strings.HasSuffix(p.PkgPath, ".test") || len(p.Syntax) == 0 {
			continue
		}
		res, err := Package(p, Config{})
		if err != nil {
			t.Errorf("rewrite %s: %v", p.ID, err)
			continue
		}
		rewritten++
		addStats(&stats, res.Stats)
		for _, f := range append(res.Files, sitePackageFiles(moduleRoot(t), res)...) {
			overlay[f.Path] = f.Content
		}
	}
	t.Logf("rewritten %d packages, %d files: %d access sites, %d hooks (%d once per loop), %d covered, %d range hooks, %d skipped %v",
		rewritten, len(overlay), stats.AccessSites, stats.Hooks, stats.OncePerLoop, stats.Covered, stats.RangeHooks, sumSkipped(stats), stats.Skipped)
	ovl := writeOverlay(t, t.TempDir(), overlay)
	inst := runExamples(t, tmp, ovl)

	var names []string
	for k := range orig {
		names = append(names, k)
	}
	sort.Strings(names)
	same, diff, buildFailed := 0, 0, 0
	for _, k := range names {
		o := orig[k]
		if o.buildFailed {
			buildFailed++
			t.Logf("%s: the original does not build or run:\n%s", k, firstLines(o.output, 3))
			if r := inst[k]; r == nil || !r.buildFailed {
				t.Logf("%s: the original does not build, the rewritten does", k)
			}
			continue
		}
		if !o.example {
			continue
		}
		r, ok := inst[k]
		switch {
		case !ok:
			diff++
			t.Errorf("%s: missing from the rewritten run", k)
		case r.action != o.action || stamps.ReplaceAllString(r.output, "") != stamps.ReplaceAllString(o.output, ""):
			diff++
			t.Errorf("%s: original %s, rewritten %s\n--- original output:\n%s--- rewritten output:\n%s", k, o.action, r.action, o.output, r.output)
		default:
			same++
		}
	}
	t.Logf("corpus: %d examples run, %d identical, %d different; %d packages whose original does not build", same+diff, same, diff, buildFailed)
}

// stamps matches the date and time that package log starts lines with.
var stamps = regexp.MustCompile(`(?m)^\d{4}/\d\d/\d\d \d\d:\d\d:\d\d `)

// firstLines returns the first n lines of s.
func firstLines(s string, n int) string {
	lines := strings.SplitAfter(s, "\n")
	if len(lines) > n {
		lines = lines[:n]
	}
	return strings.Join(lines, "")
}

// addStats adds the counts of b to a.
func addStats(a *Stats, b Stats) {
	a.AccessSites += b.AccessSites
	a.Hooks += b.Hooks
	a.Pruned += b.Pruned
	a.Covered += b.Covered
	a.RangeHooks += b.RangeHooks
	a.OncePerLoop += b.OncePerLoop
	a.TaskCalls += b.TaskCalls
	a.CgoFiles += b.CgoFiles
	a.Files += b.Files
	for k, v := range b.Skipped {
		a.Skipped[k] += v
	}
}

// corpusDirs returns the directories under src (relative) that hold a test
// file with an Output comment, leaving out commands, vendored code and
// test data.
func corpusDirs(t *testing.T, src string) []string {
	t.Helper()
	only := map[string]bool{}
	for _, p := range strings.Split(*corpusPkgs, ",") {
		if p != "" {
			only[p] = true
		}
	}
	seen := map[string]bool{}
	err := filepath.WalkDir(src, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, path)
		if d.IsDir() {
			base := d.Name()
			if rel == "cmd" || base == "testdata" || base == "vendor" || (strings.HasPrefix(base, ".") && rel != ".") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, "_test.go") {
			return nil
		}
		dir := filepath.Dir(rel)
		if seen[dir] || (len(only) > 0 && !only[dir]) {
			return nil
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		if bytes.Contains(data, []byte("// Output:")) || bytes.Contains(data, []byte("// Unordered output:")) {
			seen[dir] = true
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for d := range seen {
		out = append(out, d)
	}
	sort.Strings(out)
	return out
}

// copyExternalTests copies the test files of the external test package
// (package x_test) that hold examples from src to dst, with the package's
// testdata directory when they mention it, and returns how many it copied. Other test files often import the standard library's internal
// packages, which a module outside it may not.
func copyExternalTests(src, dst string) (int, error) {
	files, err := filepath.Glob(filepath.Join(src, "*_test.go"))
	if err != nil {
		return 0, err
	}
	n := 0
	needData := false
	fset := token.NewFileSet()
	for _, f := range files {
		hdr, err := parser.ParseFile(fset, f, nil, parser.PackageClauseOnly)
		if err != nil || !strings.HasSuffix(hdr.Name.Name, "_test") {
			continue
		}
		data, err := os.ReadFile(f)
		if err != nil {
			return n, err
		}
		if !bytes.Contains(data, []byte("\nfunc Example")) {
			continue
		}
		if err := os.MkdirAll(dst, 0o755); err != nil {
			return n, err
		}
		if err := os.WriteFile(filepath.Join(dst, filepath.Base(f)), data, 0o644); err != nil {
			return n, err
		}
		n++
		if bytes.Contains(data, []byte("testdata")) {
			needData = true
		}
	}
	if needData {
		if err := os.CopyFS(filepath.Join(dst, "testdata"), os.DirFS(filepath.Join(src, "testdata"))); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return n, err
		}
	}
	return n, nil
}

// exampleResult is the outcome of one test of the corpus.
type exampleResult struct {
	action      string // pass, fail or skip
	output      string // the test's output without timing lines
	example     bool
	buildFailed bool
}

// runExamples runs the examples of every package of the corpus module
// (through overlay, if not empty) and returns the result of each, keyed by
// package and name. A package that does not build gets one entry with
// buildFailed set.
func runExamples(t *testing.T, dir, overlay string) map[string]*exampleResult {
	t.Helper()
	args := []string{"test", "-json", "-vet=off", "-count=1", "-run", "^Example", "-timeout", "5m"}
	if overlay != "" {
		args = append(args, "-overlay", overlay)
	}
	args = append(args, "./...")
	stdout, stderr, _, err := run(dir, []string{"GOFLAGS=-mod=mod"}, goTool(), args...)
	if err != nil {
		t.Fatalf("go test: %v\n%s", err, stderr)
	}
	out := map[string]*exampleResult{}
	sc := bufio.NewScanner(strings.NewReader(stdout))
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	type event struct {
		Action, Package, Test, Output string
	}
	for sc.Scan() {
		var ev event
		if json.Unmarshal(sc.Bytes(), &ev) != nil {
			continue
		}
		if ev.Test == "" {
			if ev.Action == "fail" && !hasTests(out, ev.Package) {
				out[ev.Package] = &exampleResult{action: "fail", buildFailed: true}
			}
			if r := out[ev.Package]; r != nil && ev.Action == "output" {
				r.output += ev.Output
			}
			continue
		}
		key := ev.Package + "." + ev.Test
		r := out[key]
		if r == nil {
			r = &exampleResult{example: strings.HasPrefix(ev.Test, "Example")}
			out[key] = r
		}
		switch ev.Action {
		case "output":
			if !strings.HasPrefix(strings.TrimSpace(ev.Output), "--- ") && !strings.HasPrefix(ev.Output, "=== ") {
				r.output += ev.Output
			}
		case "pass", "fail", "skip":
			r.action = ev.Action
		}
	}
	return out
}

// hasTests reports whether results hold a test of package pkg.
func hasTests(results map[string]*exampleResult, pkg string) bool {
	for k := range results {
		if strings.HasPrefix(k, pkg+".") {
			return true
		}
	}
	return false
}
