package e2e

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// permissionDir holds the permission-region programs, in race, norace,
// misuse and strict folders (see its README).
const permissionDir = "permission"

// TestPermissionPrograms checks the permission-region corpus: race and
// norace programs as the labelled corpus is checked; misuse programs must
// exit 66 with a permission error on the line marked "// misuse"; strict
// programs must report, with TPINSTR=permissions=strict, exactly the lines
// marked "// shared", and nothing without the option.
func TestPermissionPrograms(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: skipping the checked runs of the corpus (each builds a program)")
	}
	harness.Need(t)
	for _, sub := range []struct{ dir, kind string }{{"race", KindRace}, {"norace", KindNoRace}} {
		progs, err := Programs(harness.Root, permissionDir+"/"+sub.dir)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range progs {
			p.Kind = sub.kind
			t.Run(sub.dir+"/"+p.Name, func(t *testing.T) {
				t.Parallel()
				checkProgram(t, p)
			})
		}
	}
	misuse, err := Programs(harness.Root, permissionDir+"/misuse")
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range misuse {
		t.Run("misuse/"+p.Name, func(t *testing.T) {
			t.Parallel()
			code, stderr := runChecked(t, p, "")
			if code != RaceExitCode {
				t.Errorf("exit status %d, want %d", code, RaceExitCode)
			}
			want := markedLines(t, p.Dir, "// misuse")
			got := reportedLines(stderr, "PERMISSION ERROR")
			if !equalSets(got, want) {
				t.Errorf("permission errors on lines %v, want %v\n%s", got, want, stderr)
			}
		})
	}
	strict, err := Programs(harness.Root, permissionDir+"/strict")
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range strict {
		t.Run("strict/"+p.Name, func(t *testing.T) {
			t.Parallel()
			want := markedLines(t, p.Dir, "// shared")
			code, stderr := runChecked(t, p, "permissions=strict")
			wantCode := 0
			if len(want) > 0 {
				wantCode = RaceExitCode
			}
			if code != wantCode {
				t.Errorf("strict: exit status %d, want %d\n%s", code, wantCode, stderr)
			}
			for line := range want {
				if !bytes.Contains(stderr, []byte("main.go:"+strconv.Itoa(line))) {
					t.Errorf("strict: no report names main.go:%d\n%s", line, stderr)
				}
			}
			if code, stderr := runChecked(t, p, ""); code != 0 {
				t.Errorf("without the option: exit status %d, want 0\n%s", code, stderr)
			}
		})
	}
}

// runChecked runs a program's checked binary with the TPINSTR value opts,
// and returns its exit status and standard error.
func runChecked(t *testing.T, p Program, opts string) (int, []byte) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), RunTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, checkedBinary(t, p))
	cmd.Dir = harness.Root
	cmd.Env = append(os.Environ(), "TPINSTR="+opts)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	code, err := ExitCode(cmd.Run())
	if err != nil {
		t.Fatalf("checked %s: %v\n%s", p.Pkg, err, stderr.Bytes())
	}
	return code, stderr.Bytes()
}

// markedLines returns the lines of dir/main.go that end with mark.
func markedLines(t *testing.T, dir, mark string) map[int]bool {
	t.Helper()
	src, err := os.ReadFile(filepath.Join(dir, "main.go"))
	if err != nil {
		t.Fatal(err)
	}
	out := map[int]bool{}
	for i, line := range strings.Split(string(src), "\n") {
		if strings.HasSuffix(strings.TrimSpace(line), mark) {
			out[i+1] = true
		}
	}
	return out
}

var reportLine = regexp.MustCompile(`main\.go:(\d+)`)

// reportedLines returns the first main.go line of every report with the
// given title.
func reportedLines(stderr []byte, title string) map[int]bool {
	out := map[int]bool{}
	for _, rep := range bytes.Split(stderr, []byte("==================\n")) {
		if !bytes.Contains(rep, []byte(title)) {
			continue
		}
		if m := reportLine.FindSubmatch(rep); m != nil {
			n, _ := strconv.Atoi(string(m[1]))
			out[n] = true
		}
	}
	return out
}

func equalSets(a, b map[int]bool) bool {
	if len(a) != len(b) {
		return false
	}
	for k := range a {
		if !b[k] {
			return false
		}
	}
	return true
}
