package instrument

import (
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// panicRE matches the first line of a panic and the source line of the
// panicking frame of package main.
var panicRE = regexp.MustCompile(`(?m)^panic: .*$|^\t.*/testdata/src/\S*\.go:\d+`)

// panicLine returns the panic message of a program's standard error and
// the file:line where the panic happened in the program's own code,
// without addresses or goroutine numbers.
func panicLine(stderr string) string {
	ms := panicRE.FindAllString(stderr, 2)
	return strings.Join(ms, " | ")
}

// behaveCases are programs under testdata/src that are built and run
// before and after the rewrite; their output and exit status must be the
// same.
var behaveCases = []string{
	"order",
	"tasks",
	"panicky",
}

// TestBehaviourKept builds each behavioural case (and each golden case
// that is a main package) as it is and rewritten, runs both and compares
// standard output and exit status.
func TestBehaviourKept(t *testing.T) {
	if testing.Short() {
		t.Skip("builds programs; skipped in -short mode")
	}
	cases := append(append([]string(nil), behaveCases...), goldenMains...)
	var patterns []string
	for _, c := range cases {
		patterns = append(patterns, "./instrument/testdata/src/"+c)
	}
	pkgs := load(t, false, nil, patterns...)
	if errs := pkgErrors(pkgs); errs != "" {
		t.Fatalf("inputs do not load:\n%s", errs)
	}
	overlay, _ := rewriteAll(t, pkgs, Config{TaskPackage: fakeTask})
	tmp := t.TempDir()
	ovl := writeOverlay(t, tmp, overlay)
	root := moduleRoot(t)
	for _, c := range cases {
		t.Run(c, func(t *testing.T) {
			orig := filepath.Join(tmp, c+".orig")
			inst := filepath.Join(tmp, c+".inst")
			pkg := "./instrument/testdata/src/" + c
			if _, errOut, code, err := run(root, nil, goTool(), "build", "-o", orig, pkg); err != nil || code != 0 {
				t.Fatalf("build original: %v %s", err, errOut)
			}
			if _, errOut, code, err := run(root, nil, goTool(), "build", "-overlay", ovl, "-o", inst, pkg); err != nil || code != 0 {
				t.Fatalf("build rewritten: %v %s", err, errOut)
			}
			wantOut, wantErr, wantCode, err := run(tmp, nil, orig)
			if err != nil {
				t.Fatal(err)
			}
			gotOut, gotErr, gotCode, err := run(tmp, nil, inst)
			if err != nil {
				t.Fatal(err)
			}
			if gotOut != wantOut || gotCode != wantCode {
				t.Errorf("rewritten program differs:\nwant (exit %d):\n%s\ngot (exit %d):\n%s\nstderr:\n%s", wantCode, wantOut, gotCode, gotOut, gotErr)
			}
			if w, g := panicLine(wantErr), panicLine(gotErr); w != g {
				t.Errorf("panic differs:\nwant: %s\ngot:  %s", w, g)
			}
		})
	}
}

// goldenMains are the golden cases that are programs and are also run.
var goldenMains = []string{"basic", "program", "optimize", "plaingo"}

// TestRewrittenTestsRun runs the tests of a rewritten package with go test
// through the overlay: every test function was given the race check of
// rt.TestBegin and rt.TestEnd and must still pass.
func TestRewrittenTestsRun(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a test binary; skipped in -short mode")
	}
	const pkg = "./instrument/testdata/src/program"
	pkgs := load(t, true, nil, pkg)
	if errs := pkgErrors(pkgs); errs != "" {
		t.Fatalf("inputs do not load:\n%s", errs)
	}
	overlay, _ := rewriteAll(t, pkgs, Config{TaskPackage: fakeTask})
	ovl := writeOverlay(t, t.TempDir(), overlay)
	out, errOut, code, err := run(moduleRoot(t), nil, goTool(), "test", "-count=1", "-vet=off", "-v", "-overlay", ovl, pkg)
	if err != nil || code != 0 {
		t.Fatalf("go test of the rewritten package failed (exit %d): %v\n%s%s", code, err, out, errOut)
	}
	for _, name := range []string{"TestNamed", "TestBlank", "TestUnnamed"} {
		if !strings.Contains(out, "--- PASS: "+name) {
			t.Errorf("%s did not pass:\n%s", name, out)
		}
	}
}
