package checkbuild

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"golang.org/x/tools/go/packages"
)

// fakeRewriter stands in for package instrument: it appends to every file
// an init function that prints which file was rewritten, so a test sees in
// the program's output which rewritten files were compiled. A line
// "//fake:break" becomes a statement the compiler rejects, to test errors
// found only in rewritten code.
type fakeRewriter struct {
	calls atomic.Int32
}

func (f *fakeRewriter) Mode() packages.LoadMode {
	return packages.NeedName | packages.NeedFiles | packages.NeedCompiledGoFiles | packages.NeedSyntax |
		packages.NeedTypes | packages.NeedTypesInfo | packages.NeedImports | packages.NeedModule
}

func (f *fakeRewriter) Rewrite(p *packages.Package) (*Result, error) {
	f.calls.Add(1)
	if p.Types == nil || len(p.Syntax) != len(p.CompiledGoFiles) {
		return nil, fmt.Errorf("package %s was not loaded with syntax and types", p.ID)
	}
	r := &Result{Stats: Stats{Package: p.PkgPath, AccessSites: 2 * len(p.CompiledGoFiles), Hooks: len(p.CompiledGoFiles), Pruned: len(p.CompiledGoFiles)}}
	for _, name := range p.CompiledGoFiles {
		b, err := os.ReadFile(name)
		if err != nil {
			return nil, err
		}
		s := strings.ReplaceAll(string(b), "//fake:break", `var _ int = "broken"`)
		s += fmt.Sprintf("\nfunc init() { println(%q) }\n", "rewritten: "+p.PkgPath+" "+filepath.Base(name))
		r.Files = append(r.Files, FileResult{Path: name, Content: []byte(s)})
	}
	return r, nil
}

// testModule is a module written to a temporary directory, set up as a
// user's module is: it requires tpinstr, replaced by this repository.
type testModule struct {
	t     *testing.T
	dir   string
	tmp   string // TMPDIR of the driver: must be empty after each command
	cache string // TPINSTRCACHE
	rw    *fakeRewriter
	snap  map[string]string
}

// fakeRuntime is the runtime package the generated TestMain calls in these
// tests, so that they do not depend on the real checker.
const fakeRuntime = "example.com/t/fakert"

func newTestModule(t *testing.T, files map[string]string) *testModule {
	t.Helper()
	if testing.Short() {
		t.Skip("builds programs with the go command")
	}
	root, goVersion := repoRoot(t)
	m := &testModule{t: t, dir: t.TempDir(), tmp: t.TempDir(), cache: t.TempDir(), rw: &fakeRewriter{}}
	all := map[string]string{
		"go.mod": fmt.Sprintf("module example.com/t\n\ngo %s\n\nrequire github.com/tpinstr/tpinstr v0.0.0\n\nreplace github.com/tpinstr/tpinstr => %s\n", goVersion, root),
		"fakert/fakert.go": `package fakert

import "os"

// TestMain stands in for rt.TestMain.
func TestMain(code int) int {
	println("fakert: TestMain", os.Args[0] != "")
	return code
}
`,
	}
	for name, content := range files {
		all[name] = content
	}
	for name, content := range all {
		path := filepath.Join(m.dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o777); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(content), 0o666); err != nil {
			t.Fatal(err)
		}
	}
	m.snap = snapshot(t, m.dir)
	return m
}

// result is what one command printed and returned.
type result struct {
	code           int
	stdout, stderr string
}

// run runs a tpinstr command in the module's directory and checks that it
// left the source tree as it was and no work directory behind (unless
// keepWork).
func (m *testModule) run(keepWork bool, command string, args ...string) result {
	m.t.Helper()
	var stdout, stderr bytes.Buffer
	d := m.driver(&stdout, &stderr)
	code := m.call(d, command, args)
	m.checkClean(keepWork)
	return result{code, stdout.String(), stderr.String()}
}

func (m *testModule) driver(stdout, stderr io.Writer) *Driver {
	return &Driver{
		Rewriter:    m.rw,
		Stdin:       strings.NewReader(""),
		Stdout:      stdout,
		Stderr:      stderr,
		Dir:         m.dir,
		Env:         append(os.Environ(), CacheEnv+"="+m.cache, "TMPDIR="+m.tmp),
		TempDir:     m.tmp,
		ToolID:      "fake",
		RuntimePath: fakeRuntime,
	}
}

func (m *testModule) call(d *Driver, command string, args []string) int {
	m.t.Helper()
	ctx := context.Background()
	switch command {
	case "build":
		return d.Build(ctx, args)
	case "run":
		return d.Run(ctx, args)
	case "test":
		return d.Test(ctx, args)
	}
	m.t.Fatalf("unknown command %q", command)
	return 0
}

// checkClean fails the test if the source tree changed or a work directory
// was left behind.
func (m *testModule) checkClean(keepWork bool) {
	m.t.Helper()
	if now := snapshot(m.t, m.dir); !reflect.DeepEqual(now, m.snap) {
		m.t.Errorf("the source tree changed:\nbefore %v\nafter  %v", m.snap, now)
	}
	entries, err := os.ReadDir(m.tmp)
	if err != nil {
		m.t.Fatal(err)
	}
	var left []string
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), "tpinstr-") {
			left = append(left, e.Name())
		}
	}
	if keepWork && len(left) != 1 || !keepWork && len(left) != 0 {
		m.t.Errorf("work directories left in TMPDIR: %v (keepWork %v)", left, keepWork)
	}
}

// snapshot returns every file under dir with its content and mode.
func snapshot(t *testing.T, dir string) map[string]string {
	t.Helper()
	files := map[string]string{}
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		if d.IsDir() {
			files[path] = "dir " + info.Mode().String()
			return nil
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		files[path] = info.Mode().String() + " " + string(b)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

var (
	rootOnce           sync.Once
	rootDir, rootGoVer string
	rootErr            error
)

// repoRoot finds this repository's root from the test's working directory,
// and the go version its go.mod declares (a module that requires it needs
// at least that version).
func repoRoot(t *testing.T) (string, string) {
	t.Helper()
	rootOnce.Do(func() {
		dir, err := os.Getwd()
		if err != nil {
			rootErr = err
			return
		}
		for {
			b, err := os.ReadFile(filepath.Join(dir, "go.mod"))
			if err == nil && bytes.HasPrefix(b, []byte("module github.com/tpinstr/tpinstr\n")) {
				rootDir = dir
				sc := bufio.NewScanner(bytes.NewReader(b))
				for sc.Scan() {
					if v, ok := strings.CutPrefix(sc.Text(), "go "); ok {
						rootGoVer = strings.TrimSpace(v)
					}
				}
				return
			}
			parent := filepath.Dir(dir)
			if parent == dir {
				rootErr = fmt.Errorf("no go.mod of github.com/tpinstr/tpinstr above the test's directory")
				return
			}
			dir = parent
		}
	})
	if rootErr != nil {
		t.Fatal(rootErr)
	}
	return rootDir, rootGoVer
}
