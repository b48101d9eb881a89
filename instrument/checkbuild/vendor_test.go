package checkbuild

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// vendorRuntime is the runtime of the Driver in these tests: the task
// library's Which, and the rt.TestMain that generated test mains call.
var vendorRuntime = map[string][]byte{
	"rt/task/task.go": toolRuntime["rt/task/task.go"],
	"rt/rt.go":        []byte("package rt\n\n// TestMain returns code.\nfunc TestMain(code int) int { return code }\n"),
}

// writeVendorModule writes files to a new directory, runs go mod vendor in
// it (with files["main.go"] replaced by vendorMain while it runs, when
// given) and returns the directory.
func writeVendorModule(t *testing.T, files map[string]string, vendorMain string) string {
	t.Helper()
	root := t.TempDir()
	write := func(name, content string) {
		p := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o777); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o666); err != nil {
			t.Fatal(err)
		}
	}
	for name, content := range files {
		write(name, content)
	}
	if vendorMain != "" {
		write("main.go", vendorMain)
	}
	cmd := exec.Command("go", "mod", "vendor")
	cmd.Dir = root
	cmd.Env = append(os.Environ(), "GOFLAGS=", "GOWORK=off")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go mod vendor: %v\n%s", err, out)
	}
	if vendorMain != "" {
		write("main.go", files["main.go"])
	}
	return root
}

// vendorDriver returns a Driver for a module at dir, with env added to
// the test's environment.
func vendorDriver(t *testing.T, dir string, stdout, stderr *bytes.Buffer, env ...string) *Driver {
	tmp := t.TempDir()
	return &Driver{
		Rewriter:     &fakeRewriter{},
		Stdin:        strings.NewReader(""),
		Stdout:       stdout,
		Stderr:       stderr,
		Dir:          dir,
		Env:          append(append(withoutEnv(os.Environ(), "GOWORK", "GOFLAGS"), CacheEnv+"="+filepath.Join(tmp, "cache"), "TMPDIR="+tmp), env...),
		TempDir:      tmp,
		ToolID:       "fake",
		RuntimeFiles: vendorRuntime,
	}
}

// withoutEnv returns env without the variables keys.
func withoutEnv(env []string, keys ...string) []string {
	var out []string
	for _, kv := range env {
		k, _, _ := strings.Cut(kv, "=")
		drop := false
		for _, key := range keys {
			drop = drop || k == key
		}
		if !drop {
			out = append(out, kv)
		}
	}
	return out
}

const buildInfoMain = `package main

import (
	"fmt"
	"runtime/debug"
	"strings"

	"example.com/dep"
)

func main() {
	bi, _ := debug.ReadBuildInfo()
	fmt.Println("main", bi.Main.Path, dep.Suffix)
	for _, m := range bi.Deps {
		if strings.HasPrefix(m.Path, "github.com/tpinstr/") {
			continue // the checked build links the tool's runtime instead
		}
		r := "none"
		if m.Replace != nil {
			r = m.Replace.Path + " " + m.Replace.Version
		}
		fmt.Println("dep", m.Path, m.Version, "=>", r)
	}
}
`

// TestVendorBuildInfo checks that a checked program built in vendor mode
// finds in its build information (runtime/debug.ReadBuildInfo) the module
// and the vendored replacements the plain program finds: a replacement by
// a relative directory keeps its path as the go.mod writes it.
func TestVendorBuildInfo(t *testing.T) {
	if testing.Short() {
		t.Skip("builds programs with the go command")
	}
	for _, tt := range []struct {
		name, goLine, extra string
	}{
		{"go1.24-relative", "1.24", ""},
		{"go1.22-relative", "1.22", ""},
		{"go1.24-relative-and-absolute", "1.24", "\nrequire example.com/other v1.0.0\n\nreplace example.com/other v1.0.0 => SIBLING\n"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			files := map[string]string{
				"go.mod":     "module example.com/u\n\ngo " + tt.goLine + "\n\nrequire example.com/dep v0.0.0\n\nreplace example.com/dep => ./dep\n" + tt.extra,
				"main.go":    buildInfoMain,
				"dep/go.mod": "module example.com/dep\n\ngo 1.22\n",
				"dep/dep.go": "package dep\n\n// Suffix is a word.\nconst Suffix = \"vendored\"\n",
			}
			if tt.extra != "" {
				files["main.go"] = strings.Replace(buildInfoMain, "\"example.com/dep\"\n", "\"example.com/dep\"\n\t_ \"example.com/other\"\n", 1)
			}
			var root string
			if tt.extra != "" {
				// The sibling directory must be next to the module.
				parent := t.TempDir()
				for name, content := range map[string]string{
					"sibling/other/go.mod":   "module example.com/other\n\ngo 1.22\n",
					"sibling/other/other.go": "package other\n",
				} {
					p := filepath.Join(parent, filepath.FromSlash(name))
					if err := os.MkdirAll(filepath.Dir(p), 0o777); err != nil {
						t.Fatal(err)
					}
					if err := os.WriteFile(p, []byte(content), 0o666); err != nil {
						t.Fatal(err)
					}
				}
				files["go.mod"] = strings.Replace(files["go.mod"], "SIBLING", filepath.Join(parent, "sibling", "other"), 1)
			}
			root = writeVendorModule(t, files, "")

			exe := filepath.Join(t.TempDir(), "plain")
			build := exec.Command("go", "build", "-o", exe, ".")
			build.Dir = root
			build.Env = append(withoutEnv(os.Environ(), "GOWORK", "GOFLAGS"), "GOFLAGS=-mod=vendor")
			if out, err := build.CombinedOutput(); err != nil {
				t.Fatalf("go build: %v\n%s", err, out)
			}
			want, err := exec.Command(exe).Output()
			if err != nil {
				t.Fatal(err)
			}

			var stdout, stderr bytes.Buffer
			d := vendorDriver(t, root, &stdout, &stderr, "GOFLAGS=-mod=vendor")
			if code := d.Run(context.Background(), []string{"."}); code != 0 {
				t.Fatalf("tpinstr run: status %d\n%s", code, stderr.String())
			}
			if got := stdout.String(); got != string(want) {
				t.Errorf("build information differs:\nchecked:\n%s\nplain:\n%s", got, want)
			}
			if !strings.Contains(string(want), "=> ./dep") {
				t.Errorf("the plain program does not show the relative replacement:\n%s", want)
			}
		})
	}
}

// TestTestSeesUserEnvironment checks that the test binaries of a checked
// go test see the user's GOWORK and GOFLAGS, and run the go command as
// under go test, although the build gave the go command others to provide
// the runtime (here, a vendor workspace): tpinstr's own runtime, which the
// generated TestMain links, restores them.
func TestTestSeesUserEnvironment(t *testing.T) {
	if testing.Short() {
		t.Skip("builds programs with the go command")
	}
	files := map[string]string{
		"go.mod":     "module example.com/u\n\ngo 1.24\n\nrequire example.com/dep v0.0.0\n\nreplace example.com/dep => ./dep\n",
		"main.go":    "package main\n\nimport _ \"example.com/dep\"\n\nfunc main() {}\n",
		"dep/go.mod": "module example.com/dep\n\ngo 1.22\n",
		"dep/dep.go": "package dep\n",
		"env_test.go": `package main

import (
	"fmt"
	"os"
	"os/exec"
	"testing"
)

func TestEnv(t *testing.T) {
	w, wok := os.LookupEnv("GOWORK")
	f, fok := os.LookupEnv("GOFLAGS")
	out, err := exec.Command("go", "env", "GOWORK", "GOMOD").Output()
	if err != nil {
		t.Fatal(err)
	}
	fmt.Printf("ENV GOWORK=%q %v GOFLAGS=%q %v go env: %q\n", w, wok, f, fok, out)
}
`,
	}
	root := writeVendorModule(t, files, "")
	envLine := regexp.MustCompile(`(?m)^ENV .*$`)
	for i, env := range [][]string{
		nil,
		{"GOWORK=off"},
		{"GOFLAGS=-mod=vendor"},
		{"GOWORK=off", "GOFLAGS=-mod=vendor -count=1"},
	} {
		t.Run(fmt.Sprint("env", i), func(t *testing.T) {
			t.Logf("environment %q", env)
			plain := exec.Command("go", "test", "-count=1", "-v", "-run=TestEnv", ".")
			plain.Dir = root
			plain.Env = append(withoutEnv(os.Environ(), "GOWORK", "GOFLAGS"), env...)
			out, err := plain.CombinedOutput()
			if err != nil {
				t.Fatalf("go test: %v\n%s", err, out)
			}
			want := envLine.FindString(string(out))
			if want == "" {
				t.Fatalf("go test printed no ENV line:\n%s", out)
			}

			var stdout, stderr bytes.Buffer
			d := vendorDriver(t, root, &stdout, &stderr, env...)
			d.RuntimeFiles = nil // the runtime restores the environment
			if code := d.Test(context.Background(), []string{"-count=1", "-v", "-run=TestEnv", "."}); code != 0 {
				t.Fatalf("tpinstr test: status %d\n%s%s", code, stdout.String(), stderr.String())
			}
			if got := envLine.FindString(stdout.String()); got != want {
				t.Errorf("the checked test saw another environment:\nchecked: %s\nplain:   %s", got, want)
			}
		})
	}
}
