package main

import (
	"bytes"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/mod/module"
	modzip "golang.org/x/mod/zip"
)

// cgoRace is the Go file of a cgo package that does not import "C" (so it
// is rewritten): its goroutine and main race on n unless ORDERED, where main
// waits for the goroutine first.
const cgoRace = `package main

var n int

func bump() {
	done := make(chan bool)
	go func() {
		n += 2
		done <- true
	}()
	if ORDERED {
		<-done
	}
	n++
	if !ORDERED {
		<-done
	}
}
`

// cgoMainFile declares main in the file that imports "C", which tpinstr
// leaves as it is but for deferring the runtime's end of run.
const cgoMainFile = `package main

// static int twice(int x) { return 2 * x; }
import "C"

import "fmt"

func main() {
	bump()
	fmt.Println("cgo says", int(C.twice(C.int(21))))
}
`

// TestCgoPackage runs a cgo package whose func main is in the file that
// imports "C": the race of its other Go file is found and the program
// exits 66, and without the race it prints what go run prints and exits 0.
func TestCgoPackage(t *testing.T) {
	tpinstrBinary(t)
	if out, err := exec.Command("go", "env", "CGO_ENABLED").Output(); err != nil || strings.TrimSpace(string(out)) != "1" {
		t.Skip("cgo is disabled")
	}
	if _, err := exec.LookPath("gcc"); err != nil {
		t.Skip("no C compiler")
	}
	for _, racy := range []bool{true, false} {
		name := "ordered"
		if racy {
			name = "racy"
		}
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			root := t.TempDir()
			ordered := "true"
			if racy {
				ordered = "false"
			}
			writeTree(t, root, map[string]string{
				"go.mod":  "module example.com/cgo\n\ngo 1.24\n",
				"main.go": cgoMainFile,
				"race.go": strings.ReplaceAll(cgoRace, "ORDERED", ordered),
			})
			env := []string{"GOWORK=off"}
			goCmd := exec.Command("go", "run", ".")
			goCmd.Dir = root
			goCmd.Env = append(os.Environ(), env...)
			goOut, err := goCmd.Output()
			if err != nil {
				t.Fatalf("go run: %v", err)
			}
			tmp := t.TempDir()
			cmd := tpinstrCmd(t, root, tmp, env, "run", ".")
			var out, errOut bytes.Buffer
			cmd.Stdout, cmd.Stderr = &out, &errOut
			status := exitStatus(t, cmd.Run())
			checkNoWorkDirs(t, tmp)
			want := 0
			if racy {
				want = 66
			}
			reported := strings.Contains(errOut.String(), "DATA RACE")
			if status != want || reported != racy || !strings.Contains(errOut.String(), "tpinstr: checked") {
				t.Errorf("status %d, race reported %v; want %d, %v, and the verdict; stderr:\n%s", status, reported, want, racy, errOut.Bytes())
			}
			if racy && !strings.Contains(errOut.String(), "race.go:") {
				t.Errorf("the report does not name race.go:\n%s", errOut.Bytes())
			}
			if !bytes.Equal(out.Bytes(), goOut) {
				t.Errorf("stdout of tpinstr %q, of go %q", out.Bytes(), goOut)
			}
		})
	}
}

// TestReadOnlyModuleCache builds a program whose dependency comes from a
// module cache that nobody may write to (filled from a local proxy; the
// go command makes it read-only, and the test removes write permission
// from all of it), without -modcacherw: tpinstr must report the race of
// the main module and print go run's output, and the module cache must
// not change (checked byte for byte, which also holds for a user to whom
// permissions do not apply).
func TestReadOnlyModuleCache(t *testing.T) {
	tpinstrBinary(t)
	base := t.TempDir()
	proxy := filepath.Join(base, "proxy")
	modcache := filepath.Join(base, "modcache")
	t.Cleanup(func() {
		// Let t.TempDir remove the cache.
		filepath.WalkDir(modcache, func(p string, d fs.DirEntry, err error) error {
			if err == nil && d.IsDir() {
				os.Chmod(p, 0o755)
			}
			return nil
		})
	})
	dep := module.Version{Path: "example.com/cached", Version: "v1.0.0"}
	depDir := filepath.Join(base, "depsrc")
	writeTree(t, depDir, map[string]string{
		"go.mod":    "module example.com/cached\n\ngo 1.22\n",
		"cached.go": "// Package cached comes from the module cache.\npackage cached\n\n// Name names it.\nfunc Name() string { return \"from the module cache\" }\n",
	})
	at := filepath.Join(proxy, "example.com", "cached", "@v")
	if err := os.MkdirAll(at, 0o777); err != nil {
		t.Fatal(err)
	}
	zf, err := os.Create(filepath.Join(at, "v1.0.0.zip"))
	if err != nil {
		t.Fatal(err)
	}
	if err := modzip.CreateFromDir(zf, dep, depDir); err != nil {
		t.Fatal(err)
	}
	if err := zf.Close(); err != nil {
		t.Fatal(err)
	}
	writeTree(t, at, map[string]string{
		"list":        "v1.0.0\n",
		"v1.0.0.info": `{"Version":"v1.0.0","Time":"2024-01-01T00:00:00Z"}` + "\n",
		"v1.0.0.mod":  "module example.com/cached\n\ngo 1.22\n",
	})

	root := filepath.Join(base, "app")
	writeTree(t, root, map[string]string{
		"go.mod":  "module example.com/app\n\ngo 1.24\n\nrequire example.com/cached v1.0.0\n",
		"main.go": "package main\n\nimport (\n\t\"fmt\"\n\n\t\"example.com/cached\"\n)\n\nfunc main() {\n\tn := 0\n\tdone := make(chan bool)\n\tgo func() { n++; done <- true }()\n\tn++\n\t<-done\n\tfmt.Println(cached.Name(), n)\n}\n",
	})
	env := []string{"GOWORK=off", "GOMODCACHE=" + modcache, "GOFLAGS=", "GONOSUMDB=*", "GOSUMDB=off", "GOPROXY=file://" + filepath.ToSlash(proxy)}
	run := func(name string, args ...string) (int, []byte, []byte) {
		cmd := exec.Command(name, args...)
		if name == "tpinstr" {
			cmd = tpinstrCmd(t, root, filepath.Join(base, "tmp"), env, args...)
		} else {
			cmd.Env = append(os.Environ(), env...)
		}
		cmd.Dir = root
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		return exitStatus(t, cmd.Run()), stdout.Bytes(), stderr.Bytes()
	}
	if status, _, stderr := run("go", "mod", "download", "-x", "example.com/cached"); status != 0 {
		t.Fatalf("filling the module cache: status %d\n%s", status, stderr)
	}
	if status, _, stderr := run("go", "mod", "tidy"); status != 0 {
		t.Fatalf("go mod tidy: status %d\n%s", status, stderr)
	}
	env[len(env)-1] = "GOPROXY=off"
	err = filepath.WalkDir(modcache, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		return os.Chmod(p, info.Mode().Perm()&^0o222)
	})
	if err != nil {
		t.Fatal(err)
	}
	before := treeBytes(t, modcache)
	goStatus, goOut, goErr := run("go", "run", ".")
	if goStatus != 0 {
		t.Fatalf("go run: status %d\n%s", goStatus, goErr)
	}
	if err := os.MkdirAll(filepath.Join(base, "tmp"), 0o777); err != nil {
		t.Fatal(err)
	}
	status, out, errOut := run("tpinstr", "run", ".")
	if status != 66 || !bytes.Contains(errOut, []byte("DATA RACE")) {
		t.Errorf("tpinstr run: status %d, want 66 with a race report; stderr:\n%s", status, errOut)
	}
	if !bytes.Equal(out, goOut) {
		t.Errorf("stdout of tpinstr %q, of go %q", out, goOut)
	}
	after := treeBytes(t, modcache)
	for name, b := range before {
		if a, ok := after[name]; !ok || a != b {
			t.Errorf("tpinstr changed %s in the module cache", name)
		}
	}
	for name := range after {
		if _, ok := before[name]; !ok {
			t.Errorf("tpinstr added %s to the module cache", name)
		}
	}
}
