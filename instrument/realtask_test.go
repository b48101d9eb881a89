package instrument

import (
	"strings"
	"testing"
)

// TestRealTaskRace rewrites a program of the real task library with the
// default configuration, builds it checked (-tags tpinstr) and runs it: the
// racy schedule must be reported with exit status 66 and the positions of
// both writes, the ordered one must run clean. This is the whole chain:
// rewriter, hooks, checked executor and detector.
func TestRealTaskRace(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a program; skipped in -short mode")
	}
	tmp, bin, results := buildChecked(t, "./instrument/testdata/src/realrace", Config{})
	for _, res := range results {
		if res.Stats.TaskCalls != 4 {
			t.Errorf("%d task calls given a site, want 4 (Run, Async, Finish, Async): %+v", res.Stats.TaskCalls, res.Stats)
		}
	}
	out, errOut, code, err := run(tmp, nil, bin)
	if err != nil {
		t.Fatal(err)
	}
	if code != 0 || out != "x = 2\n" {
		t.Errorf("ordered run: exit %d, output %q, stderr:\n%s", code, out, errOut)
	}
	out, errOut, code, err = run(tmp, nil, bin, "race")
	if err != nil {
		t.Fatal(err)
	}
	if code != 66 {
		t.Errorf("racy run: exit %d, want 66; output %q, stderr:\n%s", code, out, errOut)
	}
	for _, pos := range []string{"realrace.go:17", "realrace.go:18"} {
		if !strings.Contains(errOut, pos) {
			t.Errorf("racy run: report does not name %s:\n%s", pos, errOut)
		}
	}
}
