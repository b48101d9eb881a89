package main

import (
	"bytes"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
)

// multiPackage is a module whose go.mod requires nothing, with a main
// package that imports lib, which imports internal/counter: lib spawns the
// tasks or goroutines (RACY chooses whether they are ordered) and counter
// makes the accesses, at counterLine.
func multiPackage(spawn string, racy bool) map[string]string {
	lib := map[string]string{
		"tasks": `package lib

import (
	"example.com/m/internal/counter"
	"github.com/tpinstr/tpinstr/rt/task"
)

// Count increments a counter in two tasks.
func Count() int {
	var c counter.C
	task.Run(func(t *task.T) {
		if RACY {
			t.Async(func(t *task.T) { c.Inc() })
			t.Async(func(t *task.T) { c.Inc() })
			return
		}
		t.Finish(func(t *task.T) { t.Async(func(t *task.T) { c.Inc() }) })
		t.Async(func(t *task.T) { c.Inc() })
	})
	return c.N
}
`,
		"goroutines": `package lib

import (
	"sync"

	"example.com/m/internal/counter"
)

// Count increments a counter in two goroutines.
func Count() int {
	var c counter.C
	var mu sync.Mutex
	var wg sync.WaitGroup
	for i := 0; i < 2; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if !RACY {
				mu.Lock()
				defer mu.Unlock()
			}
			c.Inc()
		}()
	}
	wg.Wait()
	return c.N
}
`,
	}[spawn]
	return map[string]string{
		"go.mod":     "module example.com/m\n\ngo 1.24\n",
		"main.go":    "package main\n\nimport (\n\t\"fmt\"\n\n\t\"example.com/m/lib\"\n)\n\nfunc main() { fmt.Println(\"count\", lib.Count()) }\n",
		"lib/lib.go": strings.Replace(lib, "RACY", fmt.Sprint(racy), 1),
		// counterLine is the line of c.N++.
		"internal/counter/counter.go": "// Package counter counts.\npackage counter\n\n// C is a counter.\ntype C struct{ N int }\n\n// Inc adds one.\nfunc (c *C) Inc() {\n\tc.N++\n}\n",
		"main_test.go":                "package main\n\nimport (\n\t\"testing\"\n\n\t\"example.com/m/lib\"\n)\n\nfunc TestCount(t *testing.T) {\n\tif n := lib.Count(); n != 2 {\n\t\tt.Fatal(n)\n\t}\n}\n",
	}
}

// counterLine is where multiPackage's counter makes its accesses.
const counterLine = "internal/counter/counter.go:9:2"

// TestOtherPackagesOfTheModule checks that the packages of the main module
// that the command's package imports, directly or not, are rewritten: a
// race between tasks or goroutines that one package spawns, on accesses
// that another makes, is reported at the accesses, by tpinstr run (status
// 66) and, for tasks, by tpinstr test (the test fails), and the ordered
// variants pass.
func TestOtherPackagesOfTheModule(t *testing.T) {
	tpinstrBinary(t)
	for _, spawn := range []string{"tasks", "goroutines"} {
		for _, racy := range []bool{true, false} {
			for _, sub := range []string{"run", "test"} {
				if spawn == "goroutines" && sub == "test" {
					continue // the tasks' variants check tpinstr test
				}
				name := fmt.Sprintf("%s, racy %v, %s", spawn, racy, sub)
				t.Run(name, func(t *testing.T) {
					t.Parallel()
					root := t.TempDir()
					writeTree(t, root, multiPackage(spawn, racy))
					tmp := t.TempDir()
					cmd := tpinstrCmd(t, root, tmp, []string{"GOWORK=off"}, sub, ".")
					var out, errOut bytes.Buffer
					cmd.Stdout, cmd.Stderr = &out, &errOut
					status := exitStatus(t, cmd.Run())
					checkNoWorkDirs(t, tmp)
					all := out.String() + errOut.String()
					reported := strings.Contains(all, "RACE")
					at := strings.Contains(all, filepath.FromSlash(counterLine))
					switch {
					case racy && sub == "run":
						if status != 66 || !reported || !at {
							t.Errorf("status %d, want 66 with a race at %s:\n%s", status, counterLine, all)
						}
					case racy:
						if status == 0 || !reported || !at || !strings.Contains(all, "--- FAIL: TestCount") {
							t.Errorf("status %d, want TestCount to fail with a race at %s:\n%s", status, counterLine, all)
						}
					case sub == "run":
						if status != 0 || reported || out.String() != "count 2\n" {
							t.Errorf("status %d, stdout %q; want 0 and \"count 2\\n\", no race:\n%s", status, out.String(), errOut.String())
						}
					default:
						if status != 0 || reported || !strings.Contains(out.String(), "ok  \texample.com/m") {
							t.Errorf("status %d, want the test to pass without a race:\n%s", status, all)
						}
					}
				})
			}
		}
	}
}
