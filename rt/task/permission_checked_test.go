//go:build tpinstr

package task

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/tpinstr/tpinstr/rt"
)

// envScenario names the permission scenario that the test binary runs
// when it is started by TestPermissionChecked.
const envScenario = "TPINSTR_TEST_PERMISSION_SCENARIO"

// permScenarios are checked executions of the permission API. A line that
// a report must name ends with a comment "// want:NAME".
var permScenarios = map[string]func(t *T){
	"parallel-writers": func(t *T) {
		x := new(int)
		t.Finish(func(t *T) {
			t.Async(func(t *T) {
				AcquireW(t, x) // want:parallel-writers
				ReleaseW(t, x)
			})
			AcquireW(t, x) // want:parallel-writers
			ReleaseW(t, x)
		})
	},
	"parallel-readers": func(t *T) {
		x := new(int)
		t.ForAll(0, 4, func(t *T, i int) {
			AcquireR(t, x)
			ReleaseR(t, x)
		})
	},
	"reader-and-upgrade": func(t *T) {
		x := new(int)
		t.Async(func(t *T) {
			AcquireR(t, x) // want:reader-and-upgrade
			ReleaseR(t, x)
		})
		AcquireR(t, x)
		AcquireW(t, x) // want:reader-and-upgrade
		ReleaseW(t, x)
		ReleaseR(t, x)
	},
	"ordered-by-finish": func(t *T) {
		x := new(int)
		t.Finish(func(t *T) {
			t.Async(func(t *T) { AcquireW(t, x); ReleaseW(t, x) })
		})
		AcquireW(t, x)
		ReleaseW(t, x)
	},
	"ordered-by-get": func(t *T) {
		x := new(int)
		f := NewFuture(t, func(t *T) int { AcquireW(t, x); ReleaseW(t, x); return 0 })
		f.Get()
		AcquireW(t, x)
		ReleaseW(t, x)
	},
	"disjoint-ranges": func(t *T) {
		s := make([]int32, 8)
		t.ForAll(0, len(s), func(t *T, i int) {
			AcquireRangeW(t, s, i, i+1)
			ReleaseRangeW(t, s, i, i+1)
		})
	},
	"overlapping-ranges": func(t *T) {
		s := make([]int32, 8)
		t.ForAll(0, len(s)-1, func(t *T, i int) {
			AcquireRangeW(t, s, i, i+2) // want:overlapping-ranges
			ReleaseRangeW(t, s, i, i+2)
		})
	},
	"release-unheld": func(t *T) {
		x := new(int)
		ReleaseR(t, x) // want:release-unheld
	},
	"held-at-end": func(t *T) {
		x, y := new(int), new(int)
		t.Async(func(t *T) {
			AcquireW(t, x) // want:held-at-end
		})
		AcquireR(t, y)
		ReleaseR(t, y)
	},
	"write-under-read": func(t *T) {
		x := new(int)
		AcquireR(t, x) // want:write-under-read
		rt.Write(x, 0)
		ReleaseR(t, x)
	},
}

// TestPermissionScenario runs the scenario that envScenario names, as the
// helper process of TestPermissionChecked; run directly, it has nothing to
// do.
func TestPermissionScenario(t *testing.T) {
	name := os.Getenv(envScenario)
	if name == "" {
		t.Skip("runs only as the helper process of TestPermissionChecked")
	}
	body, ok := permScenarios[name]
	if !ok {
		t.Fatalf("no permission scenario %q", name)
	}
	Run(body)
}

// TestPermissionChecked runs each scenario in a process of its own (the
// checker reports each pair of sites once per process) and checks its
// reports: how many races and permission errors, and that they name the
// lines marked for the scenario.
func TestPermissionChecked(t *testing.T) {
	tests := []struct {
		name           string
		races, errors  int
		reasonContains string
	}{
		{"parallel-writers", 1, 0, "is joined neither by a finish nor by a Get"},
		{"parallel-readers", 0, 0, ""},
		{"reader-and-upgrade", 1, 0, ""},
		{"ordered-by-finish", 0, 0, ""},
		{"ordered-by-get", 0, 0, ""},
		{"disjoint-ranges", 0, 0, ""},
		{"overlapping-ranges", 1, 0, ""},
		{"release-unheld", 0, 1, "releases a read permission that it does not hold"},
		{"held-at-end", 0, 1, "ended while holding this write permission"},
		{"write-under-read", 0, 1, "writes a location that it holds a read permission on"},
	}
	lines, err := wantLines("permission_checked_test.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			cmd := exec.Command(os.Args[0], "-test.run=^TestPermissionScenario$", "-test.count=1")
			cmd.Env = append(os.Environ(), envScenario+"="+tc.name, "TPINSTR=")
			out, err := cmd.CombinedOutput()
			if err != nil {
				t.Fatalf("scenario process: %v\n%s", err, out)
			}
			s := string(out)
			if n := strings.Count(s, "WARNING: DETERMINACY RACE"); n != tc.races {
				t.Errorf("%d race reports, want %d:\n%s", n, tc.races, s)
			}
			if n := strings.Count(s, "WARNING: PERMISSION ERROR"); n != tc.errors {
				t.Errorf("%d permission errors, want %d:\n%s", n, tc.errors, s)
			}
			if !strings.Contains(s, tc.reasonContains) {
				t.Errorf("output lacks %q:\n%s", tc.reasonContains, s)
			}
			for _, l := range lines[tc.name] {
				if pos := fmt.Sprintf("permission_checked_test.go:%d\n", l); !strings.Contains(s, pos) {
					t.Errorf("output does not name line %d:\n%s", l, s)
				}
			}
		})
	}
}

// wantLines returns, per scenario name, the lines of file that end with
// "// want:NAME".
func wantLines(file string) (map[string][]int, error) {
	f, err := os.Open(file)
	if err != nil {
		return nil, fmt.Errorf("reading the scenario labels: %w", err)
	}
	defer f.Close()
	out := map[string][]int{}
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		if _, name, ok := strings.Cut(sc.Text(), "// want:"); ok && !strings.Contains(name, " ") {
			out[name] = append(out[name], n)
		}
	}
	return out, sc.Err()
}

// TestPermissionOtherHandle checks that a permission call through the
// handle of another task panics with the message of that misuse, as every
// call of the checked build does.
func TestPermissionOtherHandle(t *testing.T) {
	x := new(int)
	v := catch(func() {
		Run(func(parent *T) {
			parent.Async(func(*T) { AcquireW(parent, x) })
		})
	})
	pe, ok := v.(*PanicError)
	if !ok || pe.Value != misuseOtherTask("AcquireW") {
		t.Errorf("Run panicked with %v, want a *PanicError of %q", v, misuseOtherTask("AcquireW"))
	}
}
