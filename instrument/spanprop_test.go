package instrument

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
)

var (
	spanPropN    = flag.Int("spanprop.n", 120, "the number of random scenarios of TestSpanRunProperty")
	spanPropSeed = flag.Uint64("spanprop.seed", 1, "the seed of TestSpanRunProperty's scenarios (scenario i is generated from the seed and i)")
)

// TestSpanRunProperty is a random property test of the spanrun
// optimization (spanrun.go): it tests spanrun.go's exactness argument —
// the range hook of a run, behind its flag, records exactly the bytes the
// accessors of the run read or write, and when the flag fails every
// accessor's own hook runs — against an oracle that runs the
// uninstrumented code.
//
// It generates -spanprop.n cases (spangen_test.go), each a function
// func(d []byte) []byte of one generated package main that calls the
// fixed-size accessors of encoding/binary's byte orders at offsets of d
// in windows of consecutive statements and in loops, contiguous, with
// gaps, overlapping, mixing reads and writes, cut by statements that must
// stop a run, on buffers that fit the accesses or are too short for them
// (so that runs are cut short by a panic part-way) or whose capacity
// reaches past their length. The package is built twice: as written, and
// rewritten (with every optimization on) with the checked task library.
//
// The oracle runs each case of the uninstrumented build on copies of its
// array, as TestStdPrefixesExact's stdprefix does: the bytes it writes
// are those it changes from either of two fillings (0xa5 and 0x5a, which
// no value put contains), the bytes it reads those whose change changes
// what it decodes (every read is appended, whole, to sink). The rewritten
// build then runs the case in a task while the root task writes every
// byte of the array, each at a line of its own: a race must be reported
// at exactly the lines of the bytes the oracle found, no more (an invented
// access) and no fewer (a missed one), and the program must exit 66 (0
// for a case that accesses nothing, which the generator makes rarely).
//
// The test fails too when it would prove little: when fewer than a
// quarter of the cases got a range hook of d from spanrun (counted in the
// rewritten files: a per-call hook slices d inside a _tpinstrSpan_
// helper, a range hook directly).
//
// A failure prints the seed, the index, the case's source, its rewritten
// source and the run's output; -spanprop.seed and -spanprop.n (above the
// index) generate it again.
func TestSpanRunProperty(t *testing.T) {
	if testing.Short() {
		t.Skip("builds programs; skipped in -short mode")
	}
	start := time.Now()
	n, seed := *spanPropN, *spanPropSeed
	scenarios := make([]*spanScenario, n)
	for i := range scenarios {
		scenarios[i] = newSpanScenario(seed, i)
	}
	dir := writeSpanModule(t, scenarios)
	pkgs := loadIn(t, dir)
	if errs := pkgErrors(pkgs); errs != "" {
		t.Fatalf("the generated module does not load (seed %d):\n%s", seed, errs)
	}

	// The oracle: the uninstrumented build.
	env := []string{"GOFLAGS=-mod=mod"}
	tmp := t.TempDir()
	plain := filepath.Join(tmp, "plain")
	if _, errOut, code, err := run(dir, env, goTool(), "build", "-o", plain, "."); err != nil || code != 0 {
		t.Fatalf("build (uninstrumented): %v %s", err, errOut)
	}
	out, errOut, code, err := run(dir, nil, plain, "wants")
	if err != nil || code != 0 {
		t.Fatalf("wants: exit %d, %v\n%s", code, err, errOut)
	}
	type oracle struct {
		panicked bool
		want     string
	}
	wants := map[string]oracle{}
	for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
		f := strings.Fields(l)
		if len(f) < 2 {
			t.Fatalf("wants: line %q", l)
		}
		wants[f[0]] = oracle{f[1] == "true", strings.Join(f[2:], " ")}
	}

	// The rewritten build.
	overlay, results := rewriteAll(t, pkgs, Config{})
	ovl := writeOverlay(t, tmp, overlay)
	bin := filepath.Join(tmp, "checked")
	if _, errOut, code, err := run(dir, env, goTool(), "build", "-tags", "tpinstr", "-overlay", ovl, "-o", bin, "."); err != nil || code != 0 {
		t.Fatalf("build (rewritten): %v %s", err, errOut)
	}
	rewritten := map[string]string{} // by scenario
	rangeHooks := 0
	for _, res := range results {
		rangeHooks += res.Stats.RangeHooks
		for _, f := range res.Files {
			name := strings.TrimSuffix(filepath.Base(f.Path), ".go")
			rewritten[name] = string(f.Content)
		}
	}
	hookRE := regexp.MustCompile(`_tpinstr_rt\.(Read|Write)Slice\(d\[`)

	// The line of touch.go that writes each element.
	elem := map[int]int{}
	for i, l := range strings.Split(spanTouch(), "\n") {
		if _, k, ok := strings.Cut(l, "// k="); ok {
			v, err := strconv.Atoi(k)
			if err != nil {
				t.Fatal(err)
			}
			elem[i+1] = v
		}
	}
	line := regexp.MustCompile(`touch\.go:([0-9]+)`)

	var st struct{ withHook, hooks, panicked, gaps, overlaps, stops, empty, loops, windows int }
	for _, sc := range scenarios {
		o, ok := wants[sc.name]
		if !ok {
			t.Fatalf("the oracle says nothing of %s", sc.name)
		}
		if k := len(hookRE.FindAllString(rewritten[sc.name], -1)); k > 0 {
			st.withHook++
			st.hooks += k
		}
		if o.panicked {
			st.panicked++
		}
		if sc.gaps {
			st.gaps++
		}
		if sc.overlaps {
			st.overlaps++
		}
		if sc.stops {
			st.stops++
		}
		if o.want == "" {
			st.empty++
		}
		for _, s := range sc.shapes {
			if strings.HasPrefix(s, "loop") {
				st.loops++
			} else {
				st.windows++
			}
		}
		t.Run(sc.name, func(t *testing.T) {
			_, errOut, code, err := run(dir, nil, bin, sc.name)
			if err != nil {
				t.Fatal(err)
			}
			raced := map[int]bool{}
			for _, m := range line.FindAllStringSubmatch(errOut, -1) {
				l, _ := strconv.Atoi(m[1])
				if k, ok := elem[l]; ok {
					raced[k] = true
				}
			}
			var got []string
			for k := range spanMaxBytes {
				if raced[k] {
					got = append(got, strconv.Itoa(k))
				}
			}
			var problems []string
			if g := strings.Join(got, " "); g != o.want {
				problems = append(problems, fmt.Sprintf("races at elements [%s], want [%s]", g, o.want))
			}
			wantCode := 66
			if o.want == "" {
				wantCode = 0
			}
			if code != wantCode {
				problems = append(problems, fmt.Sprintf("exit status %d, want %d", code, wantCode))
			}
			if len(problems) == 0 {
				return
			}
			var msg strings.Builder
			fmt.Fprintf(&msg, "scenario %s (-spanprop.seed=%d, index %d; len(d) %d, cap(d) %d; the uninstrumented case panicked: %v; %s):\n%s\n",
				sc.name, sc.seed, sc.index, sc.n, sc.c, o.panicked, strings.Join(sc.shapes, ", "), strings.Join(problems, "\n"))
			fmt.Fprintf(&msg, "--- %s.go\n%s", sc.name, numberLines(sc.src))
			fmt.Fprintf(&msg, "--- %s.go, rewritten\n%s", sc.name, numberLines(rewritten[sc.name]))
			if len(errOut) > 8000 {
				errOut = errOut[:8000] + "\n…"
			}
			fmt.Fprintf(&msg, "--- standard error:\n%s", errOut)
			t.Error(msg.String())
		})
	}
	t.Logf("seed %d: %d scenarios (%d windows, %d loops); %d with a range hook of d (%d hooks; Stats.RangeHooks %d); "+
		"%d panicked in the uninstrumented run, %d with gaps, %d with overlaps, %d with a statement that stops a run, %d that access nothing; %v",
		seed, n, st.windows, st.loops, st.withHook, st.hooks, rangeHooks, st.panicked, st.gaps, st.overlaps, st.stops, st.empty,
		time.Since(start).Round(time.Millisecond))
	if n < 8 {
		return // too few for shares to mean anything
	}
	if 4*st.withHook < n {
		t.Errorf("only %d of %d scenarios got a range hook from spanrun: the test barely exercises it", st.withHook, n)
	}
	if 4*st.empty > n {
		t.Errorf("%d of %d scenarios access nothing: the generator should make few", st.empty, n)
	}
}

// writeSpanModule writes the module of the scenarios into a new directory
// and returns it: package main holds main.go (spanMain), touch.go and a
// file of each scenario. The module requires this one, replaced by its
// directory.
func writeSpanModule(t *testing.T, scenarios []*spanScenario) string {
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
		"go.mod":   fmt.Sprintf("module %s\n\ngo %s\n\nrequire github.com/tpinstr/tpinstr v0.0.0\n\nreplace github.com/tpinstr/tpinstr => %s\n", spanModule, goVersion, root),
		"go.sum":   string(sum),
		"main.go":  spanMain(scenarios),
		"touch.go": spanTouch(),
	}
	for _, sc := range scenarios {
		files[sc.name+".go"] = sc.src
	}
	for name, content := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}
