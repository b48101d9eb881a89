package goe2e

import (
	"bytes"
	"context"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/tpinstr/tpinstr/internal/e2e"
)

// virtualTimePrograms are race-free programs of testdata/goprograms whose
// timers (sleeps, time.After, tickers, a watchdog timer reset at each
// heartbeat, a context.WithTimeout, a context.WithCancel canceled after a
// sleep) last seconds: their checked build runs
// them on the run's clock, which jumps over the waits, and must print what
// their plain build prints after waiting for real.
var virtualTimePrograms = []string{"sleep", "ticker", "ctx_timeout", "timer_reset", "ctx_cancel"}

// updateVirtualTime rewrites the expected outputs of virtualTimePrograms
// from their plain builds (run it on an idle machine).
var updateVirtualTime = flag.Bool("e2e.update", false, "write testdata/vtime/NAME.out from the plain builds of the virtual-time programs")

// TestGoProgramsVirtualTime runs each of virtualTimePrograms built by
// `go build` and by `tpinstr build`, requires exit status 0 from both, and
// the checked build's standard output to be the plain build's on an idle
// machine (testdata/vtime/NAME.out, written by -e2e.update). The plain
// build's timers run late on a busy machine, which may change what it
// prints (fewer ticks before a deadline); the checked build's, on the
// run's clock, never do. The wall times are logged (-v): the plain build
// waits for its timers, the checked one does not.
func TestGoProgramsVirtualTime(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: skipping the runs of the plain and checked builds")
	}
	harness.Need(t)
	plainDir := filepath.Join(harness.BinDir, "goprograms-plain")
	if err := os.MkdirAll(plainDir, 0o777); err != nil {
		t.Fatal(err)
	}
	for _, name := range virtualTimePrograms {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			p := e2e.Program{
				Name: name,
				Kind: e2e.KindNoRace,
				Dir:  filepath.Join(harness.Root, goProgramsDir, e2e.KindNoRace, name),
				Pkg:  "./" + goProgramsDir + "/" + e2e.KindNoRace + "/" + name,
			}
			checked := harness.GoProgramBinary(t, p)
			plain := filepath.Join(plainDir, name)
			build := exec.Command("go", "build", "-o", plain, p.Pkg)
			build.Dir = harness.Root
			if out, err := build.CombinedOutput(); err != nil {
				t.Fatalf("go build %s: %v\n%s", p.Pkg, err, out)
			}
			run := func(bin string, env ...string) ([]byte, time.Duration) {
				ctx, cancel := context.WithTimeout(context.Background(), e2e.RunTimeout)
				defer cancel()
				cmd := exec.CommandContext(ctx, bin)
				cmd.Dir = harness.Root
				cmd.Env = append(os.Environ(), env...)
				var stdout, stderr bytes.Buffer
				cmd.Stdout, cmd.Stderr = &stdout, &stderr
				start := time.Now()
				code, err := e2e.ExitCode(cmd.Run())
				wall := time.Since(start)
				if err != nil || code != 0 {
					t.Fatalf("%s: exit status %d, %v\nstderr:\n%s", bin, code, err, stderr.Bytes())
				}
				return stdout.Bytes(), wall
			}
			plainOut, plainWall := run(plain)
			golden := filepath.Join("testdata", "vtime", name+".out")
			if *updateVirtualTime {
				if err := os.WriteFile(golden, plainOut, 0o666); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("the expected output: %v (go test -run TestGoProgramsVirtualTime -e2e.update writes it)", err)
			}
			if !bytes.Equal(plainOut, want) {
				t.Logf("the plain build printed\n%s\nnot\n%s\n(its timers ran late: a busy machine)", plainOut, want)
			}
			got, checkedWall := run(checked, "TPINSTR=explore_time=0")
			if !bytes.Equal(got, want) {
				t.Errorf("the checked build printed\n%s\nthe plain build on an idle machine\n%s", got, want)
			}
			t.Logf("wall time: plain build %v, checked build %v (every schedule explored)", plainWall.Round(time.Millisecond), checkedWall.Round(time.Millisecond))
		})
	}
}
