package e2e

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"regexp"
	"testing"
)

// scheduleLine finds the schedule a report names.
var scheduleLine = regexp.MustCompile(`TPINSTR=replay=([0-9.]+)`)

// TestDeadlockPrograms checks that every program under deadlock/ reports a
// DEADLOCK with exit status 66 and a schedule, and that replaying that
// schedule reaches the same deadlock.
func TestDeadlockPrograms(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: skipping the checked runs of the corpus (each builds a program)")
	}
	harness.Need(t)
	progs, err := Programs(harness.Root, KindDeadlock)
	if err != nil {
		t.Fatal(err)
	}
	if len(progs) == 0 {
		t.Fatal("no deadlock programs")
	}
	for _, p := range progs {
		t.Run(p.Name, func(t *testing.T) {
			bin := checkedBinary(t, p)
			first := runBinary(t, bin, "")
			m := scheduleLine.FindSubmatch(first)
			if m == nil {
				t.Fatalf("the deadlock report names no schedule:\n%s", first)
			}
			again := runBinary(t, bin, "TPINSTR=replay="+string(m[1]))
			if !bytes.Equal(deadlockPart(first), deadlockPart(again)) {
				t.Errorf("replaying schedule %s reports\n%s\nwant\n%s", m[1], deadlockPart(again), deadlockPart(first))
			}
		})
	}
}

// runBinary runs a checked binary with an extra environment variable and
// returns its standard error, requiring exit status 66 and a deadlock.
func runBinary(t *testing.T, bin, env string) []byte {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), RunTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin)
	cmd.Env = os.Environ()
	if env != "" {
		cmd.Env = append(cmd.Env, env)
	}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	code, err := ExitCode(cmd.Run())
	if err != nil {
		t.Fatalf("%s: %v", bin, err)
	}
	if code != RaceExitCode {
		t.Fatalf("%s %s: exit status %d, want %d\n%s", env, bin, code, RaceExitCode, stderr.Bytes())
	}
	if !bytes.Contains(stderr.Bytes(), []byte("DEADLOCK")) {
		t.Fatalf("%s %s: no DEADLOCK report\n%s", env, bin, stderr.Bytes())
	}
	return stderr.Bytes()
}

// deadlockPart returns the first deadlock report of an output.
func deadlockPart(out []byte) []byte {
	i := bytes.Index(out, []byte("DEADLOCK"))
	if i < 0 {
		return nil
	}
	end := bytes.Index(out[i:], []byte("=================="))
	if end < 0 {
		return out[i:]
	}
	return out[i : i+end]
}
