package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// oldTaskLibrary stands in for an older release of this module that a
// user's go.mod pins: a task library with the same API and no checker. A
// checked build must not link it.
var oldTaskLibrary = map[string]string{
	"go.mod": "module github.com/tpinstr/tpinstr\n\ngo 1.22\n",
	"rt/task/task.go": `// Package task is an old, serial task library.
package task

// T is a task.
type T struct{}

// Run runs body.
func Run(body func(t *T)) { body(&T{}) }

// Finish runs body.
func (t *T) Finish(body func(t *T)) { body(t) }

// Async runs body now.
func (t *T) Async(body func(t *T)) { body(&T{}) }
`,
}

// writeTree writes files under dir.
func writeTree(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, content := range files {
		path := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o777); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(content), 0o666); err != nil {
			t.Fatal(err)
		}
	}
}

const plainProgram = `package main

import (
	"fmt"
	"os"
)

func main() {
	var fs []func() int
	for i := 0; i < 3; i++ {
		fs = append(fs, func() int { return i })
	}
	fmt.Println("closures see", fs[0](), fs[1](), fs[2](), "args", os.Args[1:])
}
`

// TestAnyModule runs plain programs and tests with the go command and with
// tpinstr in modules and setups that know nothing of tpinstr, and checks
// that tpinstr prints what the go command prints and exits as it does; and
// runs a racy task program in setups where the task library comes from
// elsewhere (an old pinned version, no module at all), where the checked
// build must still link tpinstr's own runtime and report the race.
func TestAnyModule(t *testing.T) {
	tpinstrBinary(t)
	_, goVersion := findRepo(t)
	type tc struct {
		name  string
		files map[string]string
		dir   string   // where to run, relative to the tree
		cmd   []string // go subcommand and arguments; tpinstr gets the same
		env   []string
		race  bool   // tpinstr must exit 66 with a race report instead
		noGo  bool   // the go command cannot run it: it needs the task library
		fails string // both must fail, tpinstr with this line of go's message once
	}
	bare := "module example.com/bare\n\ngo 1.21\n"
	tests := []tc{
		{
			name:  "module with no requirements, run",
			files: map[string]string{"go.mod": bare, "main.go": plainProgram},
			cmd:   []string{"run", ".", "a", "b"},
		},
		{
			name: "module with no requirements, test",
			files: map[string]string{"go.mod": bare, "lib/lib.go": "package lib\n\nfunc Twice(n int) int { return 2 * n }\n",
				"lib/lib_test.go": "package lib\n\nimport \"testing\"\n\nfunc TestTwice(t *testing.T) {\n\tif Twice(2) != 4 {\n\t\tt.Fatal(Twice(2))\n\t}\n}\n"},
			cmd: []string{"test", "./..."},
		},
		{
			// The rewritten files use generics, which a go 1.16 module's
			// files may not: they get a //go:build line of go1.21
			// (instrument/version.go), combined with the constraint of
			// the file's // +build or //go:build line.
			name: "a go 1.16 module, with // +build and //go:build lines, test",
			files: map[string]string{
				"go.mod":          "module example.com/old\n\ngo 1.16\n",
				"lib/lib.go":      "// +build !windows\n\n// Package lib fills buffers.\npackage lib\n\n// Fill returns n bytes set to b.\nfunc Fill(n int, b byte) []byte {\n\tbuf := make([]byte, n)\n\tfor i := range buf {\n\t\tbuf[i] = b\n\t}\n\treturn buf\n}\n",
				"lib/other.go":    "//go:build !windows\n// +build !windows\n\npackage lib\n\n// Sum adds the bytes of p.\nfunc Sum(p []byte) (s int) {\n\tfor _, b := range p {\n\t\ts += int(b)\n\t}\n\treturn s\n}\n",
				"lib/lib_test.go": "package lib\n\nimport (\n\t\"sync\"\n\t\"testing\"\n)\n\nfunc TestFill(t *testing.T) {\n\tvar wg sync.WaitGroup\n\tsums := make([]int, 2)\n\tfor i := 0; i < 2; i++ {\n\t\ti := i\n\t\twg.Add(1)\n\t\tgo func() {\n\t\t\tdefer wg.Done()\n\t\t\tsums[i] = Sum(Fill(4096, 1))\n\t\t}()\n\t}\n\twg.Wait()\n\tif sums[0] != 4096 || sums[1] != 4096 {\n\t\tt.Fatal(sums)\n\t}\n}\n",
			},
			cmd: []string{"test", "./..."},
		},
		{
			name:  "no go.mod, files on the command line",
			files: map[string]string{"prog/main.go": plainProgram},
			dir:   "prog",
			cmd:   []string{"run", "main.go", "x"},
			env:   []string{"GOFLAGS=-modcacherw=false"},
		},
		{
			name:  "no go.mod, a racy task program",
			files: map[string]string{"prog/main.go": racyProgram},
			dir:   "prog",
			cmd:   []string{"run", "main.go"},
			race:  true,
			noGo:  true,
		},
		{
			name: "a go.mod that pins an old version of the task library",
			files: map[string]string{
				"go.mod":  "module example.com/pinned\n\ngo " + goVersion + "\n\nrequire github.com/tpinstr/tpinstr v0.1.0\n\nreplace github.com/tpinstr/tpinstr v0.1.0 => ./old\n",
				"main.go": racyProgram,
			},
			cmd:  []string{"run", "."},
			race: true,
		},
		{
			name: "go.work workspace",
			files: map[string]string{
				"go.work":     "go 1.22\n\nuse ./app\nuse ./lib\n",
				"app/go.mod":  "module example.com/app\n\ngo 1.22\n\nrequire example.com/lib v0.0.0\n",
				"app/main.go": "package main\n\nimport (\n\t\"fmt\"\n\n\t\"example.com/lib\"\n)\n\nfunc main() { fmt.Println(lib.Name()) }\n",
				"lib/go.mod":  "module example.com/lib\n\ngo 1.22\n",
				"lib/lib.go":  "package lib\n\nfunc Name() string { return \"lib in a workspace\" }\n",
			},
			dir: "app",
			cmd: []string{"run", "."},
		},
		{
			name: "-C, build tags from GOFLAGS, //go:build and //go:embed",
			files: map[string]string{
				"m/go.mod":       bare,
				"m/main.go":      "package main\n\nimport (\n\t_ \"embed\"\n\t\"fmt\"\n)\n\n//go:embed greeting.txt\nvar greeting string\n\nfunc main() { fmt.Print(greeting, extra) }\n",
				"m/tag.go":       "//go:build special\n\npackage main\n\nconst extra = \"special\\n\"\n",
				"m/notag.go":     "//go:build !special\n\npackage main\n\nconst extra = \"plain\\n\"\n",
				"m/greeting.txt": "hello from an embedded file\n",
			},
			cmd: []string{"run", "-C", "m", "."},
			env: []string{"GOFLAGS=-tags=special"},
		},
		{
			name: "a compile error is go's, once",
			files: map[string]string{
				"go.mod":  bare,
				"main.go": "package main\n\nfunc main() {\n\tvar s string = 1\n\t_ = s\n}\n",
			},
			cmd:   []string{"build", "-o", os.DevNull, "."},
			fails: "main.go:4:17: cannot use 1 (untyped int constant) as string value in variable declaration",
		},
	}
	if out, err := exec.Command("go", "env", "CGO_ENABLED").Output(); err == nil && strings.TrimSpace(string(out)) == "1" {
		if _, err := exec.LookPath("gcc"); err == nil {
			tests = append(tests, tc{
				name: "cgo package",
				files: map[string]string{
					"go.mod":  bare,
					"main.go": "package main\n\n// static int twice(int x) { return 2 * x; }\nimport \"C\"\n\nimport \"fmt\"\n\nfunc main() {\n\tn := 21\n\tfmt.Println(\"cgo says\", int(C.twice(C.int(n))))\n}\n",
				},
				cmd: []string{"run", "."},
			})
		}
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			root := t.TempDir()
			writeTree(t, root, tt.files)
			if strings.Contains(tt.files["go.mod"], "./old") {
				writeTree(t, filepath.Join(root, "old"), oldTaskLibrary)
			}
			dir := filepath.Join(root, filepath.FromSlash(tt.dir))
			env := append([]string{"GOWORK="}, tt.env...)
			if tt.files["go.work"] == "" {
				env = append(env, "GOWORK=off")
			}

			goCmd := exec.Command("go", tt.cmd...)
			goCmd.Dir = dir
			goCmd.Env = append(os.Environ(), env...)
			var goOut, goErr bytes.Buffer
			goCmd.Stdout, goCmd.Stderr = &goOut, &goErr
			goStatus := exitStatus(t, goCmd.Run())

			tmp := t.TempDir()
			cmd := tpinstrCmd(t, dir, tmp, env, tt.cmd...)
			var out, errOut bytes.Buffer
			cmd.Stdout, cmd.Stderr = &out, &errOut
			status := exitStatus(t, cmd.Run())
			checkNoWorkDirs(t, tmp)

			switch {
			case tt.race:
				if goStatus != 0 && !tt.noGo {
					t.Fatalf("go %s: status %d\n%s", strings.Join(tt.cmd, " "), goStatus, goErr.Bytes())
				}
				if status != 66 || !strings.Contains(errOut.String(), "DETERMINACY RACE") {
					t.Errorf("tpinstr %s: status %d, want 66 with a race report; stderr:\n%s", strings.Join(tt.cmd, " "), status, errOut.Bytes())
				}
				if !tt.noGo && !bytes.Equal(out.Bytes(), goOut.Bytes()) {
					t.Errorf("stdout of tpinstr %q, of go %q", out.Bytes(), goOut.Bytes())
				}
			case tt.fails != "":
				if goStatus == 0 || status != goStatus {
					t.Errorf("status: go %d, tpinstr %d; want the same failure", goStatus, status)
				}
				for name, stderr := range map[string]string{"go": goErr.String(), "tpinstr": errOut.String()} {
					if n := strings.Count(stderr, tt.fails); n != 1 {
						t.Errorf("%s's standard error has %q %d times, want once:\n%s", name, tt.fails, n, stderr)
					}
				}
			default:
				if goStatus != 0 {
					t.Fatalf("go %s: status %d\n%s", strings.Join(tt.cmd, " "), goStatus, goErr.Bytes())
				}
				if status != goStatus {
					t.Errorf("tpinstr %s: status %d, go's %d; stderr:\n%s", strings.Join(tt.cmd, " "), status, goStatus, errOut.Bytes())
				}
				got, want := out.String(), goOut.String()
				if tt.cmd[0] == "test" {
					got, want = testTimes.ReplaceAllString(got, ""), testTimes.ReplaceAllString(want, "")
				}
				if got != want {
					t.Errorf("stdout of tpinstr:\n%s\nof go:\n%s", got, want)
				}
			}
		})
	}
}

// testTimes matches the times go test prints after a package.
var testTimes = regexp.MustCompile(`\t[0-9.]+s|\(cached\)`)
