package checkbuild

import (
	"bytes"
	"cmp"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// toolRuntime is the runtime a test Driver carries: a task package that
// names itself, so the program's output shows which runtime it linked.
var toolRuntime = map[string][]byte{
	"rt/task/task.go": []byte("package task\n\n// Which names the runtime.\nfunc Which() string { return \"tool runtime\" }\n"),
}

const whichMain = `package main

import (
	"fmt"

	"github.com/tpinstr/tpinstr/rt/task"
)

func main() { fmt.Println(task.Which()) }
`

// TestRuntimeProvided checks that a checked build links the Driver's
// runtime in every setup where the user's module graph names another one or
// none, with the packages the rewrite generates in the runtime's module,
// and that the user's tree is left alone.
func TestRuntimeProvided(t *testing.T) {
	if testing.Short() {
		t.Skip("builds programs with the go command")
	}
	old := "package task\n\nfunc Which() string { return \"old runtime\" }\n"
	tests := []struct {
		name   string
		files  map[string]string
		dir    string
		args   []string
		env    []string
		vendor bool // run go mod vendor first
		// vendorMod is the -modfile of go mod vendor ("" for go.mod).
		vendorMod string
	}{
		{
			name:  "module without requirements",
			files: map[string]string{"go.mod": "module example.com/u\n\ngo 1.21\n", "main.go": whichMain},
			args:  []string{"."},
		},
		{
			name: "module pinning another version",
			files: map[string]string{
				"go.mod":              "module example.com/u\n\ngo 1.22\n\nrequire github.com/tpinstr/tpinstr v1.2.3\n\nreplace github.com/tpinstr/tpinstr v1.2.3 => ./old\n",
				"main.go":             whichMain,
				"old/go.mod":          "module github.com/tpinstr/tpinstr\n\ngo 1.22\n",
				"old/rt/task/task.go": old,
			},
			args: []string{"."},
		},
		{
			name: "-modfile given by the user",
			files: map[string]string{
				"go.mod":  "module example.com/u\n\ngo 1.22\n\nrequire example.com/missing v1.0.0\n",
				"alt.mod": "module example.com/u\n\ngo 1.22\n",
				"main.go": whichMain,
			},
			args: []string{"-modfile=alt.mod", "."},
		},
		{
			name: "-modfile in GOFLAGS",
			files: map[string]string{
				"go.mod":  "module example.com/u\n\ngo 1.22\n\nrequire example.com/missing v1.0.0\n",
				"alt.mod": "module example.com/u\n\ngo 1.22\n",
				"main.go": whichMain,
			},
			args: []string{"."},
			env:  []string{"GOFLAGS=-modfile=alt.mod -mod=readonly"},
		},
		{
			name: "vendor directory, go 1.22",
			files: map[string]string{
				"go.mod":     "module example.com/u\n\ngo 1.22\n\nrequire example.com/dep v0.0.0\n\nreplace example.com/dep => ./dep\n",
				"main.go":    "package main\n\nimport (\n\t\"fmt\"\n\n\t\"example.com/dep\"\n\t\"github.com/tpinstr/tpinstr/rt/task\"\n)\n\nfunc main() { fmt.Println(task.Which() + dep.Suffix) }\n",
				"dep/go.mod": "module example.com/dep\n\ngo 1.22\n",
				"dep/dep.go": "package dep\n\n// Suffix is empty.\nconst Suffix = \"\"\n",
			},
			args:   []string{"."},
			vendor: true,
		},
		{
			name: "vendor directory, go 1.24",
			files: map[string]string{
				"go.mod":     "module example.com/u\n\ngo 1.24\n\nrequire example.com/dep v0.0.0\n\nreplace example.com/dep => ./dep\n",
				"main.go":    "package main\n\nimport (\n\t\"fmt\"\n\n\t\"example.com/dep\"\n\t\"github.com/tpinstr/tpinstr/rt/task\"\n)\n\nfunc main() { fmt.Println(task.Which() + dep.Suffix) }\n",
				"dep/go.mod": "module example.com/dep\n\ngo 1.22\n",
				"dep/dep.go": "package dep\n\n// Suffix is empty.\nconst Suffix = \"\"\n",
			},
			args:   []string{"."},
			vendor: true,
		},
		{
			name: "-mod=vendor from GOFLAGS with -modfile, go 1.24",
			files: map[string]string{
				"go.mod":     "module example.com/u\n\ngo 1.24\n\nrequire example.com/missing v1.0.0\n",
				"alt.mod":    "module example.com/u\n\ngo 1.24\n\nrequire example.com/dep v0.0.0\n\nreplace example.com/dep => ./dep\n",
				"main.go":    "package main\n\nimport (\n\t\"fmt\"\n\n\t\"example.com/dep\"\n\t\"github.com/tpinstr/tpinstr/rt/task\"\n)\n\nfunc main() { fmt.Println(task.Which() + dep.Suffix) }\n",
				"dep/go.mod": "module example.com/dep\n\ngo 1.22\n",
				"dep/dep.go": "package dep\n\n// Suffix is empty.\nconst Suffix = \"\"\n",
			},
			args:      []string{"."},
			env:       []string{"GOFLAGS=-mod=vendor -modfile=alt.mod"},
			vendor:    true,
			vendorMod: "alt.mod",
		},
		{
			name: "vendored old version, go 1.24",
			files: map[string]string{
				"go.mod":              "module example.com/u\n\ngo 1.24\n\nrequire github.com/tpinstr/tpinstr v1.2.3\n\nreplace github.com/tpinstr/tpinstr v1.2.3 => ./old\n",
				"main.go":             whichMain,
				"old/go.mod":          "module github.com/tpinstr/tpinstr\n\ngo 1.22\n",
				"old/rt/task/task.go": old,
			},
			args:   []string{"-mod=vendor", "."},
			vendor: true,
		},
		{
			name: "workspace",
			files: map[string]string{
				"go.work":     "go 1.22\n\nuse ./app\n",
				"app/go.mod":  "module example.com/app\n\ngo 1.22\n",
				"app/main.go": whichMain,
			},
			dir:  "app",
			args: []string{"."},
		},
		{
			name:  "no module",
			files: map[string]string{"prog/main.go": whichMain},
			dir:   "prog",
			args:  []string{"main.go"},
			env:   []string{"GOWORK=off"},
		},
		{
			name: "tpinstr's own module, whose runtime differs",
			files: map[string]string{
				"go.mod":            "module github.com/tpinstr/tpinstr\n\ngo 1.22\n",
				"rt/task/task.go":   old,
				"rt/task/stale.go":  "package task\n\nvar _ int = \"a file the tool's runtime does not have\"\n",
				"cmd/prog/main.go":  whichMain,
				"rt/task/x_test.go": "package task\n",
			},
			args: []string{"./cmd/prog"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			root := t.TempDir()
			for name, content := range tt.files {
				p := filepath.Join(root, filepath.FromSlash(name))
				if err := os.MkdirAll(filepath.Dir(p), 0o777); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(p, []byte(content), 0o666); err != nil {
					t.Fatal(err)
				}
			}
			if tt.vendor {
				// The plain program must build from the vendor directory
				// too; go mod vendor needs the import of the task library
				// to resolve, so it runs with a main that does not use it
				// when the module does not require it.
				if mod := tt.files[cmp.Or(tt.vendorMod, "go.mod")]; !strings.Contains(mod, "tpinstr") {
					if err := os.WriteFile(filepath.Join(root, "main.go"), []byte("package main\n\nimport _ \"example.com/dep\"\n\nfunc main() {}\n"), 0o666); err != nil {
						t.Fatal(err)
					}
				}
				args := []string{"mod", "vendor"}
				if tt.vendorMod != "" {
					args = append(args, "-modfile="+tt.vendorMod)
				}
				cmd := exec.Command("go", args...)
				cmd.Dir = root
				cmd.Env = append(os.Environ(), "GOFLAGS=", "GOWORK=off")
				if out, err := cmd.CombinedOutput(); err != nil {
					t.Fatalf("go mod vendor: %v\n%s", err, out)
				}
				if err := os.WriteFile(filepath.Join(root, "main.go"), []byte(tt.files["main.go"]), 0o666); err != nil {
					t.Fatal(err)
				}
			}
			before := snapshot(t, root)
			tmp := t.TempDir()
			var stdout, stderr bytes.Buffer
			d := &Driver{
				Rewriter:     &fakeRewriter{generate: true},
				Stdin:        strings.NewReader(""),
				Stdout:       &stdout,
				Stderr:       &stderr,
				Dir:          filepath.Join(root, filepath.FromSlash(tt.dir)),
				Env:          append(append(os.Environ(), CacheEnv+"="+filepath.Join(tmp, "cache"), "TMPDIR="+tmp), tt.env...),
				TempDir:      tmp,
				ToolID:       "fake",
				RuntimeFiles: toolRuntime,
			}
			code := d.Run(context.Background(), tt.args)
			if code != 0 || stdout.String() != "tool runtime\n" {
				t.Errorf("status %d, stdout %q; want 0 and the tool runtime's output\nstderr:\n%s", code, stdout.String(), stderr.String())
			}
			if !strings.Contains(stderr.String(), "generated by tool runtime\n") {
				t.Errorf("the package the rewrite generated did not run with the tool's runtime; stderr:\n%s", stderr.String())
			}
			if after := snapshot(t, root); len(after) != len(before) {
				t.Errorf("the user's tree changed: %d entries before, %d after", len(before), len(after))
			} else {
				for k, v := range before {
					if after[k] != v {
						t.Errorf("the user's tree changed: %s", k)
					}
				}
			}
		})
	}
}

// TestRequireGoVersion checks the build constraint that raises a runtime
// file's language version above its module's go line.
func TestRequireGoVersion(t *testing.T) {
	tests := []struct{ src, want string }{
		{"package p\n", "//go:build go1.26\n\npackage p\n"},
		{"// Package p.\npackage p\n", "//go:build go1.26\n\n// Package p.\npackage p\n"},
		{"//go:build tpinstr\n\npackage p\n", "//go:build tpinstr && go1.26\n\npackage p\n"},
		{"// c\n\n//go:build !tpinstr || tpserial\n\npackage p\n", "// c\n\n//go:build (!tpinstr || tpserial) && go1.26\n\npackage p\n"},
	}
	for _, tt := range tests {
		got, err := requireGoVersion([]byte(tt.src), "go1.26")
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != tt.want {
			t.Errorf("requireGoVersion(%q) = %q, want %q", tt.src, got, tt.want)
		}
	}
}
