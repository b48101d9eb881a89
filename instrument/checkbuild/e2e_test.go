package checkbuild

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
)

const mainWithLib = `package main

import (
	"fmt"
	"os"
	"strconv"
	"strings"

	"example.com/t/lib"
)

func main() {
	fmt.Println("args:", strings.Join(os.Args[1:], ","))
	lib.Hello()
	if len(os.Args) > 1 {
		code, _ := strconv.Atoi(os.Args[len(os.Args)-1])
		os.Exit(code)
	}
}
`

const lib = `package lib

func Hello() { println("hello from lib") }
`

// TestRunBuildAndCache runs and builds one program several times: run passes
// the arguments and the exit status, the main module's packages are
// rewritten, a second build takes them from the cache, -instr.skip and
// -instr.nocache do what they say, and -work keeps the work directory.
func TestRunBuildAndCache(t *testing.T) {
	m := newTestModule(t, map[string]string{"main.go": mainWithLib, "lib/lib.go": lib})
	out := t.TempDir()

	r := m.run(false, "run", ".", "a", "-b", "66")
	if r.code != 66 {
		t.Fatalf("run: status %d, want the program's 66; stderr:\n%s", r.code, r.stderr)
	}
	if !strings.Contains(r.stdout, "args: a,-b,66\n") {
		t.Errorf("run: stdout %q does not show the arguments a,-b,66", r.stdout)
	}
	for _, want := range []string{"rewritten: example.com/t main.go", "rewritten: example.com/t/lib lib.go", "hello from lib"} {
		if !strings.Contains(r.stderr, want) {
			t.Errorf("run: stderr does not contain %q:\n%s", want, r.stderr)
		}
	}
	if strings.Contains(r.stderr, "rewritten: example.com/t/fakert") {
		t.Errorf("run: a package outside the build was rewritten:\n%s", r.stderr)
	}
	if n := m.rw.calls.Load(); n != 2 {
		t.Errorf("run: rewriter called %d times, want 2 (main and lib)", n)
	}

	r = m.run(false, "build", "-stats", "-o", filepath.Join(out, "prog"), ".")
	if r.code != 0 {
		t.Fatalf("build: status %d; stderr:\n%s", r.code, r.stderr)
	}
	if n := m.rw.calls.Load(); n != 2 {
		t.Errorf("second build: rewriter called again (%d calls in all), want both packages from the cache", n)
	}
	statsRow := regexp.MustCompile(`(?m)^example\.com/t/lib +2 +1 +1 +0 +0 +0 +hit`)
	if !statsRow.MatchString(r.stderr) {
		t.Errorf("build -stats: no cached row for example.com/t/lib with 2 sites, 1 hook, 1 pruned, 0 covered:\n%s", r.stderr)
	}
	if !fileExists(filepath.Join(out, "prog")) {
		t.Errorf("build -o: no binary written")
	}

	r = m.run(false, "build", "-stats", "-instr.skip=./lib", "-o", filepath.Join(out, "prog"), ".")
	if r.code != 0 || strings.Contains(r.stderr, "example.com/t/lib") || !strings.Contains(r.stderr, "example.com/t ") {
		t.Errorf("build -instr.skip=./lib: status %d, want 0 and stats for example.com/t only:\n%s", r.code, r.stderr)
	}

	r = m.run(false, "build", "-instr.nocache", "-o", filepath.Join(out, "prog"), ".")
	if n := m.rw.calls.Load(); r.code != 0 || n != 4 {
		t.Errorf("build -instr.nocache: status %d, %d rewriter calls in all, want 0 and 4", r.code, n)
	}

	// A changed file is rewritten again, the unchanged package is not.
	if err := os.WriteFile(filepath.Join(m.dir, "lib", "lib.go"), []byte(lib+"\nvar X = 1\n"), 0o666); err != nil {
		t.Fatal(err)
	}
	m.snap = snapshot(t, m.dir)
	r = m.run(false, "build", "-stats", "-o", filepath.Join(out, "prog"), ".")
	if !regexp.MustCompile(`(?m)^example\.com/t/lib .* miss`).MatchString(r.stderr) ||
		!regexp.MustCompile(`(?m)^example\.com/t .* miss`).MatchString(r.stderr) {
		// main imports lib, so its key changes too.
		t.Errorf("after editing lib: want lib and its importer rewritten again:\n%s", r.stderr)
	}

	r = m.run(true, "build", "-work", "-o", filepath.Join(out, "prog"), ".")
	work := regexp.MustCompile(`(?m)^TPINSTR_WORK=(.*)$`).FindStringSubmatch(r.stderr)
	if r.code != 0 || work == nil {
		t.Fatalf("build -work: status %d, no TPINSTR_WORK line:\n%s", r.code, r.stderr)
	}
	b, err := os.ReadFile(filepath.Join(work[1], "overlay.json"))
	if err != nil {
		t.Fatalf("build -work: %v", err)
	}
	var o overlayJSON
	if err := json.Unmarshal(b, &o); err != nil {
		t.Fatal(err)
	}
	kept, ok := o.Replace[filepath.Join(m.dir, "main.go")]
	if !ok || !within(kept, work[1]) {
		t.Errorf("build -work: overlay.json %s does not replace main.go by a file in the work directory", b)
	}
	if err := os.RemoveAll(work[1]); err != nil {
		t.Fatal(err)
	}
}

// TestErrorsPointAtUserFiles checks that errors found while loading, and
// compiler errors in rewritten files, name the user's files relative to the
// working directory and never a temporary path.
func TestErrorsPointAtUserFiles(t *testing.T) {
	tests := []struct {
		name     string
		main     string
		want     []string
		rewrites bool // the rewriter gets to run
	}{
		{
			name:     "type error",
			main:     "package main\n\nfunc main() {\n\tx := 1\n\ty()\n}\n",
			want:     []string{"# example.com/t\n", "./main.go:4:2: declared and not used: x\n", "./main.go:5:2: undefined: y\n"},
			rewrites: false,
		},
		{
			name: "syntax error",
			main: "package main\n\nfunc main() {\n\tx := \n}\n",
			want: []string{"# example.com/t\n", "./main.go:5:1: "},
		},
		{
			name:     "error in rewritten code",
			main:     "package main\n\nfunc main() {\n\t//fake:break\n}\n",
			want:     []string{"./main.go:4:14: cannot use \"broken\""},
			rewrites: true,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := newTestModule(t, map[string]string{"main.go": tt.main})
			r := m.run(false, "build", "-o", filepath.Join(t.TempDir(), "prog"), ".")
			if r.code != 1 {
				t.Errorf("status %d, want 1", r.code)
			}
			for _, w := range tt.want {
				if !strings.Contains(r.stderr, w) {
					t.Errorf("stderr does not contain %q:\n%s", w, r.stderr)
				}
			}
			if strings.Contains(r.stderr, m.tmp) || strings.Contains(r.stderr, "tpinstr-") {
				t.Errorf("stderr shows a temporary path:\n%s", r.stderr)
			}
			if got := m.rw.calls.Load() > 0; got != tt.rewrites {
				t.Errorf("rewriter called: %v, want %v", got, tt.rewrites)
			}
		})
	}
}

// TestTest runs tpinstr test over a module with three kinds of packages:
// with tests and no TestMain (it gets one), with its own TestMain (it keeps
// it), and without tests (it stays without).
func TestTest(t *testing.T) {
	m := newTestModule(t, map[string]string{
		"p/p.go": "package p\n\nfunc Two() int { return 2 }\n",
		"p/p_test.go": `package p

import (
	"flag"
	"testing"
)

func TestA(t *testing.T) { t.Log("parallel", flag.Lookup("test.parallel").Value) }
func TestB(t *testing.T) {}
func TestFails(t *testing.T) { t.Error("failed on purpose") }
`,
		"p/x_test.go": "package p_test\n\nimport (\n\t\"testing\"\n\n\t\"example.com/t/u\"\n)\n\nfunc TestX(t *testing.T) {\n\tif u.Four() != 4 {\n\t\tt.Fatal()\n\t}\n}\n",
		// u is compiled again for p's tests, as "u [p.test]", since it imports p.
		"u/u.go": "package u\n\nimport \"example.com/t/p\"\n\nfunc Four() int { return 2 * p.Two() }\n",
		"q/q_test.go": `package q

import (
	"os"
	"testing"
)

func TestMain(m *testing.M) {
	println("own TestMain")
	os.Exit(m.Run())
}

func TestQ(t *testing.T) {}
`,
		"r/r.go": "package r\n",
	})
	r := m.run(false, "test", "-v", "-run", "TestA|TestQ|TestX", "./...")
	if r.code != 0 {
		t.Fatalf("status %d, want 0; stdout:\n%s\nstderr:\n%s", r.code, r.stdout, r.stderr)
	}
	out := r.stdout + r.stderr
	for _, want := range []string{"=== RUN   TestA", "parallel 1", "=== RUN   TestX", "=== RUN   TestQ", "own TestMain", "example.com/t/r\t[no test files]", "rewritten: example.com/t/p p_test.go", "rewritten: example.com/t/p_test x_test.go"} {
		if !strings.Contains(out, want) {
			t.Errorf("output does not contain %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "TestB") || strings.Contains(out, "TestFails") {
		t.Errorf("-run was not passed through:\n%s", out)
	}
	if n := strings.Count(out, "fakert: TestMain"); n != 1 {
		t.Errorf("generated TestMain ran %d times, want once (p only):\n%s", n, out)
	}

	// Without ./u on the command line, u is only built as "u [p.test]".
	r = m.run(false, "test", "-run", "TestFails|TestX", "./p")
	if r.code != 1 || !strings.Contains(r.stdout, "failed on purpose") {
		t.Errorf("failing test: status %d, want 1 and the failure; stdout:\n%s\nstderr:\n%s", r.code, r.stdout, r.stderr)
	}
	if !strings.Contains(r.stdout, "rewritten: example.com/t/u u.go") {
		t.Errorf("u [p.test] was not rewritten; stdout:\n%s", r.stdout)
	}
}

// TestRunMany runs every main package a pattern matches, two of them with
// the same name, and checks the headers, the summary and the status.
func TestRunMany(t *testing.T) {
	prog := func(code int) string {
		return "package main\n\nimport \"os\"\n\nfunc main() {\n\tprintln(\"running\", os.Args[0] != \"\")\n\tos.Exit(" + strconv.Itoa(code) + ")\n}\n"
	}
	m := newTestModule(t, map[string]string{
		"progs/ok/main.go":      prog(0),
		"progs/race/main.go":    prog(66),
		"progs/nested/ok/ok.go": prog(3),
		"progs/lib/lib.go":      "package lib\n",
	})
	r := m.run(false, "run", "./progs/...")
	if r.code != 66 {
		t.Errorf("status %d, want 66 (a program reported a race); stderr:\n%s", r.code, r.stderr)
	}
	for _, want := range []string{
		"=== tpinstr run ./progs/nested/ok\n",
		"=== tpinstr run ./progs/ok\n",
		"=== tpinstr run ./progs/race\n",
		"--- tpinstr run summary\nexit 3   ./progs/nested/ok\nok       ./progs/ok\nrace     ./progs/race\n",
	} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("stdout does not contain %q:\n%s", want, r.stdout)
		}
	}
	if n := strings.Count(r.stderr, "running true"); n != 3 {
		t.Errorf("%d programs ran, want 3; stderr:\n%s", n, r.stderr)
	}

	r = m.run(false, "run", "./progs/...", "arg")
	if r.code != 2 || !strings.Contains(r.stderr, "takes no program arguments") {
		t.Errorf("pattern with arguments: status %d, want 2 and a usage message; stderr:\n%s", r.code, r.stderr)
	}
}

// TestInterrupt sends a signal while the program runs: the signal reaches
// the program, and the work directory is removed.
func TestInterrupt(t *testing.T) {
	m := newTestModule(t, map[string]string{"main.go": `package main

import (
	"fmt"
	"time"
)

func main() {
	fmt.Println("ready")
	time.Sleep(time.Hour)
}
`})
	sigs := make(chan os.Signal, 1)
	ready := make(chan struct{})
	stdout := &watchWriter{want: "ready\n", seen: ready}
	var stderr bytes.Buffer
	d := m.driver(stdout, &stderr)
	d.Signals = sigs
	go func() {
		<-ready
		sigs <- os.Interrupt
	}()
	code := d.Run(context.Background(), []string{"."})
	if want := 128 + int(syscall.SIGINT); code != want {
		t.Errorf("status %d, want %d (the program died of SIGINT); stderr:\n%s", code, want, stderr.String())
	}
	m.checkClean(false)
}

// watchWriter closes seen once the text written to it contains want.
type watchWriter struct {
	mu   sync.Mutex
	buf  bytes.Buffer
	want string
	seen chan struct{}
	done bool
}

func (w *watchWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.buf.Write(p)
	if !w.done && strings.Contains(w.buf.String(), w.want) {
		w.done = true
		close(w.seen)
	}
	return len(p), nil
}

// TestUserOverlay checks that the user's -overlay is merged with tpinstr's,
// and refused where it would replace a file that tpinstr rewrites.
func TestUserOverlay(t *testing.T) {
	m := newTestModule(t, map[string]string{
		"main.go":    "package main\n\nimport \"example.com/t/gen\"\n\nfunc main() { println(\"value:\", gen.Value) }\n",
		"gen/gen.go": "package gen\n\nconst Value = \"disk\"\n",
	})
	ov := t.TempDir()
	replacement := filepath.Join(ov, "gen.go")
	if err := os.WriteFile(replacement, []byte("package gen\n\nconst Value = \"overlay\"\n"), 0o666); err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(overlayJSON{Replace: map[string]string{filepath.Join(m.dir, "gen", "gen.go"): replacement}})
	if err != nil {
		t.Fatal(err)
	}
	overlay := filepath.Join(ov, "overlay.json")
	if err := os.WriteFile(overlay, b, 0o666); err != nil {
		t.Fatal(err)
	}

	r := m.run(false, "run", "-overlay", overlay, ".")
	if r.code != 1 || !strings.Contains(r.stderr, "-overlay replaces "+filepath.Join(m.dir, "gen", "gen.go")) {
		t.Errorf("overlay of a rewritten file: status %d, want 1 and a refusal; stderr:\n%s", r.code, r.stderr)
	}
	r = m.run(false, "run", "-overlay="+overlay, "-instr.skip=./gen", ".")
	if r.code != 0 || !strings.Contains(r.stderr, "value: overlay\n") || !strings.Contains(r.stderr, "rewritten: example.com/t main.go") {
		t.Errorf("overlay of a skipped package: status %d, want 0, the overlay's value and main rewritten; stderr:\n%s", r.code, r.stderr)
	}
}
