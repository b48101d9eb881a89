package main

import (
	"bytes"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// vendoredDep is a module that the user's module requires, replaced by a
// directory next to it and vendored.
var vendoredDep = map[string]string{
	"go.mod": "module example.com/dep\n\ngo 1.22\n",
	"dep.go": "// Package dep is a vendored dependency.\npackage dep\n\n// Greeting is printed by the programs.\nfunc Greeting() string { return \"hello from the vendored dep\" }\n",
}

// vendorMain is a program of a module in vendor mode: two goroutines
// increment x, one after the other when ordered.
const vendorMain = `package main

import (
	"fmt"
	"sync"

	"example.com/dep"
)

func main() {
	x := 0
	var mu sync.Mutex
	var wg sync.WaitGroup
	for i := 0; i < 2; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if ORDERED {
				mu.Lock()
				defer mu.Unlock()
			}
			x++
		}()
	}
	wg.Wait()
	fmt.Println(dep.Greeting(), x)
}
`

// vendorTaskMain uses the task library, which the module neither requires
// nor vendors: only the checked build can build it.
const vendorTaskMain = `package main

import (
	"fmt"

	"example.com/dep"
	"github.com/tpinstr/tpinstr/rt/task"
)

func main() {
	x := 0
	task.Run(func(t *task.T) {
		t.Async(func(t *task.T) { x++ })
		x++
	})
	fmt.Println(dep.Greeting(), x)
}
`

// TestVendorMode runs programs of a module whose go.mod (go 1.24) requires
// a dependency that is vendored, and which does not mention tpinstr, in
// vendor mode (by default, -mod=vendor, GOFLAGS; alone or in a workspace
// vendored with go work vendor): tpinstr must build them
// from the vendor directory with its own runtime, report the race of the
// racy ones (status 66) and not of the others (status 0, the output of go
// run), and leave every byte of the user's tree as it was, which go build
// still builds.
func TestVendorMode(t *testing.T) {
	tpinstrBinary(t)
	tests := []struct {
		name string
		main string
		args []string
		env  []string
		race bool
		noGo bool // go run cannot build it (the task library is missing)
		// workspace puts the module in a go.work workspace, vendored with
		// go work vendor.
		workspace bool
	}{
		{name: "racy goroutines, vendor by default", main: strings.Replace(vendorMain, "ORDERED", "false", 1), args: []string{"run", "."}, race: true},
		{name: "racy goroutines, -mod=vendor", main: strings.Replace(vendorMain, "ORDERED", "false", 1), args: []string{"run", "-mod=vendor", "."}, race: true},
		{name: "ordered goroutines, GOFLAGS=-mod=vendor", main: strings.Replace(vendorMain, "ORDERED", "true", 1), args: []string{"run", "."}, env: []string{"GOFLAGS=-mod=vendor"}},
		{name: "racy tasks, vendor by default", main: vendorTaskMain, args: []string{"run", "."}, race: true, noGo: true},
		{name: "racy goroutines, a workspace's vendor directory", main: strings.Replace(vendorMain, "ORDERED", "false", 1), args: []string{"run", "."}, race: true, workspace: true},
		{name: "racy tasks, a workspace's vendor directory", main: vendorTaskMain, args: []string{"run", "."}, race: true, noGo: true, workspace: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			base := t.TempDir()
			writeTree(t, filepath.Join(base, "dep"), vendoredDep)
			root := filepath.Join(base, "app")
			writeTree(t, root, map[string]string{
				"go.mod":  "module example.com/app\n\ngo 1.24\n\nrequire example.com/dep v0.0.0\n\nreplace example.com/dep => ../dep\n",
				"main.go": "package main\n\nimport _ \"example.com/dep\"\n\nfunc main() {}\n",
			})
			env := append([]string{"GOWORK=off", "GOPROXY=off"}, tt.env...)
			vendorCmd, vendorDir, replaced := []string{"mod", "vendor"}, root, "../dep"
			if tt.workspace {
				writeTree(t, base, map[string]string{"go.work": "go 1.24\n\nuse ./app\n"})
				env[0] = "GOWORK=" + filepath.Join(base, "go.work")
				vendorCmd, vendorDir, replaced = []string{"work", "vendor"}, base, "./dep"
			}
			goCmd := func(args ...string) (int, []byte, []byte) {
				cmd := exec.Command("go", args...)
				cmd.Dir = root
				cmd.Env = append(os.Environ(), env...)
				var stdout, stderr bytes.Buffer
				cmd.Stdout, cmd.Stderr = &stdout, &stderr
				return exitStatus(t, cmd.Run()), stdout.Bytes(), stderr.Bytes()
			}
			if status, _, stderr := goCmd(vendorCmd...); status != 0 {
				t.Fatalf("go %s: status %d\n%s", strings.Join(vendorCmd, " "), status, stderr)
			}
			writeTree(t, root, map[string]string{"main.go": tt.main})
			if txt, err := os.ReadFile(filepath.Join(vendorDir, "vendor", "modules.txt")); err != nil || !bytes.Contains(txt, []byte("# example.com/dep v0.0.0 => "+replaced)) {
				t.Fatalf("vendor/modules.txt does not vendor example.com/dep (%v):\n%s", err, txt)
			}
			before := treeBytes(t, base)

			goStatus, goOut, goErr := goCmd(tt.args...)
			if !tt.noGo && goStatus != 0 {
				t.Fatalf("go %s: status %d\n%s", strings.Join(tt.args, " "), goStatus, goErr)
			}
			tmp := t.TempDir()
			cmd := tpinstrCmd(t, root, tmp, env, tt.args...)
			var out, errOut bytes.Buffer
			cmd.Stdout, cmd.Stderr = &out, &errOut
			status := exitStatus(t, cmd.Run())
			checkNoWorkDirs(t, tmp)

			want, report := 0, "RACE"
			if tt.race {
				want = 66
			}
			if status != want || strings.Contains(errOut.String(), report) != tt.race {
				t.Errorf("tpinstr %s: status %d, want %d with a race report %v; stderr:\n%s", strings.Join(tt.args, " "), status, want, tt.race, errOut.Bytes())
			}
			if !strings.Contains(out.String(), "hello from the vendored dep") {
				t.Errorf("tpinstr %s: stdout %q lacks the vendored dependency's greeting", strings.Join(tt.args, " "), out.Bytes())
			}
			if !tt.noGo && !bytes.Equal(out.Bytes(), goOut) {
				t.Errorf("stdout of tpinstr %q, of go %q", out.Bytes(), goOut)
			}

			after := treeBytes(t, base)
			for name, b := range before {
				if a, ok := after[name]; !ok || a != b {
					t.Errorf("tpinstr changed %s in the user's tree", name)
				}
			}
			for name := range after {
				if _, ok := before[name]; !ok {
					t.Errorf("tpinstr added %s to the user's tree", name)
				}
			}
			if !tt.noGo {
				if status, _, stderr := goCmd("build", "-o", os.DevNull, "."); status != 0 {
					t.Errorf("go build after tpinstr: status %d\n%s", status, stderr)
				}
			}
		})
	}
}

// treeBytes returns every entry below dir by slash path relative to dir:
// the content of files and links, "dir" for directories, with the mode.
func treeBytes(t *testing.T, dir string) map[string]string {
	t.Helper()
	tree := map[string]string{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(dir, p)
		if err != nil {
			return err
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		v := info.Mode().String() + " "
		switch {
		case d.IsDir():
			v += "dir"
		case info.Mode()&fs.ModeSymlink != 0:
			target, err := os.Readlink(p)
			if err != nil {
				return err
			}
			v += target
		default:
			b, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			v += string(b)
		}
		tree[filepath.ToSlash(rel)] = v
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return tree
}

// TestVendorModeErrors checks that where the go command fails to build a
// module in vendor mode, tpinstr, which builds it through a workspace of
// its own, fails with the same message, naming the user's files.
func TestVendorModeErrors(t *testing.T) {
	tpinstrBinary(t)
	tests := []struct {
		name  string
		edit  map[string]string // files changed after go mod vendor
		wants string            // a line both must print
	}{
		{
			name:  "an import nothing vendors",
			edit:  map[string]string{"main.go": "package main\n\nimport (\n\t_ \"example.com/dep\"\n\t_ \"example.com/nowhere\"\n)\n\nfunc main() {}\n"},
			wants: "main.go:5:2: cannot find module providing package example.com/nowhere: import lookup disabled by -mod=vendor",
		},
		{
			name:  "go.mod requires what modules.txt does not list",
			edit:  map[string]string{"go.mod": "module example.com/app\n\ngo 1.24\n\nrequire example.com/dep v0.0.0\n\nrequire example.com/other v1.0.0\n\nreplace example.com/dep => ../dep\n"},
			wants: "example.com/other@v1.0.0: is explicitly required in go.mod, but not marked as explicit in vendor/modules.txt",
		},
		{
			name:  "a compile error in a vendored package",
			edit:  map[string]string{"vendor/example.com/dep/dep.go": "package dep\n\nfunc Greeting() string { return 1 }\n"},
			wants: "vendor/example.com/dep/dep.go:3:33: cannot use 1 (untyped int constant) as string value in return statement",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			base := t.TempDir()
			writeTree(t, filepath.Join(base, "dep"), vendoredDep)
			root := filepath.Join(base, "app")
			writeTree(t, root, map[string]string{
				"go.mod":  "module example.com/app\n\ngo 1.24\n\nrequire example.com/dep v0.0.0\n\nreplace example.com/dep => ../dep\n",
				"main.go": "package main\n\nimport \"example.com/dep\"\n\nfunc main() { println(dep.Greeting()) }\n",
			})
			env := []string{"GOWORK=off", "GOPROXY=off", "GOFLAGS="}
			cmd := exec.Command("go", "mod", "vendor")
			cmd.Dir = root
			cmd.Env = append(os.Environ(), env...)
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Fatalf("go mod vendor: %v\n%s", err, out)
			}
			writeTree(t, root, tt.edit)
			cmd = exec.Command("go", "build", "-o", os.DevNull, ".")
			cmd.Dir = root
			cmd.Env = append(os.Environ(), env...)
			var goErr bytes.Buffer
			cmd.Stderr = &goErr
			goStatus := exitStatus(t, cmd.Run())
			tmp := t.TempDir()
			cmd = tpinstrCmd(t, root, tmp, env, "build", "-o", os.DevNull, ".")
			var errOut bytes.Buffer
			cmd.Stderr = &errOut
			status := exitStatus(t, cmd.Run())
			checkNoWorkDirs(t, tmp)
			if goStatus == 0 || status != goStatus {
				t.Errorf("status: go %d, tpinstr %d; want the same failure", goStatus, status)
			}
			for name, stderr := range map[string]string{"go": goErr.String(), "tpinstr": errOut.String()} {
				if !strings.Contains(stderr, tt.wants+"\n") {
					t.Errorf("%s's standard error lacks %q:\n%s", name, tt.wants, stderr)
				}
			}
			if got, want := errOut.String(), goErr.String(); got != want {
				t.Errorf("tpinstr's standard error differs from go's:\n%s\ngo's:\n%s", got, want)
			}
		})
	}
}
