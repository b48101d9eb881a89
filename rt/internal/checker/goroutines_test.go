package checker

import (
	"errors"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// buildGoprog builds rt/testdata/goprog into a temporary directory.
func buildGoprog(t *testing.T) string {
	t.Helper()
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "goprog")
	if out, err := exec.Command(goTool, "build", "-o", path, "./testdata/goprog").CombinedOutput(); err != nil {
		t.Fatalf("building testdata/goprog: %v\n%s", err, out)
	}
	return path
}

// TestGoroutineRuns runs the scenarios of testdata/goprog, plain Go as
// tpinstr rewrites it, and checks what a user sees: the reports, the
// verdict line and the exit status.
func TestGoroutineRuns(t *testing.T) {
	bin := buildGoprog(t)
	tests := []struct {
		scenario string
		status   int
		stdout   string
		stderr   []string // regular expressions the standard error must match
		absent   []string // and must not
	}{
		{scenario: "race", status: 66, stderr: []string{
			`WARNING: DATA RACE\nWrite of x at 0x[0-9a-f]+ by goroutine 3:\n  main.writer\(\)\n      goprog.go:1:1\n`,
			`Previous write of x at 0x[0-9a-f]+ by goroutine 2:`,
			`Goroutine 3 created at:\n      goprog.go:3:1 by goroutine 1\n`,
			`tpinstr: checked every schedule of this input \(3 goroutines\)\n`,
		}},
		{scenario: "future", status: 0, stdout: "42\n", stderr: []string{
			`^tpinstr: checked every schedule of this input \(2 goroutines\)\n$`,
		}},
		{scenario: "unchecked", status: 0, stdout: "42\n", stderr: []string{
			`^tpinstr: checked every schedule of this input \(2 goroutines\); 1 access site without a hook not checked \(the first: x at goprog\.go:2:1\)\n$`,
		}},
		{scenario: "mutex", status: 0, stdout: "2\n", stderr: []string{
			`^tpinstr: checked every schedule of this input: [0-9]+ schedules of the orders of synchronisation \(3 goroutines\)\n$`,
		}},
		{scenario: "masked-time", status: 0, stdout: "1\n", stderr: []string{
			`^tpinstr: checked 1 schedule \(the explore_time limit of 1ns\): other schedules were not checked \(3 goroutines; the first object two goroutines share: a Mutex that goroutines 2 and 3 both lock, goroutine 3 at goprog\.go:4:1\)\n$`,
		}},
		{scenario: "masked-sample", status: 66, stdout: "1\n", stderr: []string{
			`Schedule: g@1\.3 \(replay it with TPINSTR=replay=g@1\.3\)\n`,
			`tpinstr: checked 1 schedule \(the explore_time limit of 1ns, then [0-9]+ more schedules? sampled at random (for 1m0s|in [0-9.]+[µnm]?s \(of the sample_time of 1m0s\)) with sample_seed=1\): other schedules were not checked \(3 goroutines; the first object two goroutines share: a Mutex that goroutines 2 and 3 both lock, goroutine 3 at goprog\.go:4:1\)\n$`,
		}},
		{scenario: "masked-explore", status: 0, stdout: "1\n", stderr: []string{
			`^tpinstr: checked 1 schedule \(explore=0\): other schedules were not checked \(3 goroutines; the first object two goroutines share: a Mutex that goroutines 2 and 3 both lock, goroutine 3 at goprog\.go:4:1\)\n$`,
		}},
		{scenario: "masked", status: 66, stdout: "1\n", stderr: []string{
			`WARNING: DATA RACE\nRead of x at 0x[0-9a-f]+ by goroutine 3:\n  main.reader\(\)\n      goprog.go:2:1\n`,
			`Previous write of x at 0x[0-9a-f]+ by goroutine 2:\n  main.writer\(\)\n      goprog.go:1:1\n`,
			`Schedule: g@1\.3 \(replay it with TPINSTR=replay=g@1\.3\)\n`,
			`tpinstr: checked every schedule of this input: [0-9]+ schedules of the orders of synchronisation \(3 goroutines\)\n`,
		}},
		{scenario: "masked-replay", status: 66, stdout: "1\n", stderr: []string{
			`WARNING: DATA RACE\n`,
			`tpinstr: checked the schedule g2.1 only, as the replay option asks \(3 goroutines\)\n`,
		}},
		{scenario: "deadlock", status: 66, stderr: []string{
			`DEADLOCK: all goroutines are asleep\n`,
			`goroutine 1 waits \(chan receive\) at goprog.go:6:1\n`,
			`goroutine 2 waits \(chan receive\) at goprog.go:6:1\n  created at goprog.go:3:1 by goroutine 1\n`,
		}},
		{scenario: "leak", status: 0, stdout: "done\n", absent: []string{`LEAK`}},
		{scenario: "leak-leaks", status: 66, stdout: "done\n", stderr: []string{
			`WARNING: GOROUTINE LEAK\ngoroutine 2 waits \(chan receive\) at goprog.go:6:1 when the run ends\n  created at goprog.go:3:1 by goroutine 1\n`,
		}},
		{scenario: "panic", status: 66, stdout: "done\n", stderr: []string{
			`==================\nPANIC: goroutine 2 panics: send on closed channel\n  at \S+main.go:\d+\n  created at goprog.go:3:1 by goroutine 1\nSchedule: g@1\.3 \(replay it with TPINSTR=replay=g@1\.3\)\n==================\n`,
			`tpinstr: checked every schedule of this input: [0-9]+ schedules of the orders of synchronisation \(3 goroutines\)\n`,
		}},
		{scenario: "timeout-order", status: 0, stdout: "sleep\ntimeout\n", stderr: []string{
			`^tpinstr: checked every schedule of this input`,
		}},
		{scenario: "sequential", status: 0, stdout: "done\n", absent: []string{`tpinstr`}},
	}
	for _, tt := range tests {
		t.Run(tt.scenario, func(t *testing.T) {
			cmd := exec.Command(bin, tt.scenario)
			// Exploration is bounded by max_schedules alone, so that the
			// verdict a scenario expects does not depend on how fast the
			// machine runs its schedules; the suffixes below set their own.
			cmd.Env = append(cmd.Environ(), "TPINSTR=explore_time=0 sample_time=0")
			if name, ok := strings.CutSuffix(tt.scenario, "-replay"); ok {
				cmd = exec.Command(bin, name)
				cmd.Env = append(cmd.Environ(), "TPINSTR=replay=g2.1")
			}
			for suffix, env := range map[string]string{
				"-leaks":   "TPINSTR=leaks=1 explore_time=0 sample_time=0",
				"-time":    "TPINSTR=explore_time=1ns sample_time=0",
				"-sample":  "TPINSTR=explore_time=1ns sample_time=1m",
				"-explore": "TPINSTR=explore=0",
			} {
				if name, ok := strings.CutSuffix(tt.scenario, suffix); ok {
					cmd = exec.Command(bin, name)
					cmd.Env = append(cmd.Environ(), env)
				}
			}
			var stdout, stderr strings.Builder
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			err := cmd.Run()
			status := 0
			var ee *exec.ExitError
			if errors.As(err, &ee) {
				status = ee.ExitCode()
			} else if err != nil {
				t.Fatal(err)
			}
			if status != tt.status {
				t.Errorf("exit status %d, want %d\nstderr:\n%s", status, tt.status, stderr.String())
			}
			if tt.stdout != "" && stdout.String() != tt.stdout {
				t.Errorf("stdout %q, want %q", stdout.String(), tt.stdout)
			}
			for _, re := range tt.stderr {
				if !regexp.MustCompile(re).MatchString(stderr.String()) {
					t.Errorf("stderr does not match %q:\n%s", re, stderr.String())
				}
			}
			for _, re := range tt.absent {
				if regexp.MustCompile(re).MatchString(stderr.String()) {
					t.Errorf("stderr matches %q:\n%s", re, stderr.String())
				}
			}
		})
	}
}
