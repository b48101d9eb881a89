package main

import (
	"context"
	"fmt"
	"os"
	"runtime"
	"strconv"
	"testing"
	"time"
)

// childEnv makes the test binary act as a kernel: see TestMain.
const childEnv = "TPBENCH_TEST_CHILD"

// TestMain lets runOnce run the test binary itself as a child that
// succeeds, fails, reports a race or hangs, as childEnv says.
func TestMain(m *testing.M) {
	switch os.Getenv(childEnv) {
	case "":
		os.Exit(m.Run())
	case "ok":
		fmt.Println("kernel: result=42")
		os.Exit(0)
	case "hang":
		time.Sleep(time.Hour)
	default:
		code, _ := strconv.Atoi(os.Getenv(childEnv))
		fmt.Fprintln(os.Stderr, "first line\nkernel: wrong result")
		os.Exit(code)
	}
}

// hasRusage reports whether peakRSS knows the peak memory on this system.
const hasRusage = runtime.GOOS == "linux" || runtime.GOOS == "darwin"

func TestRunOnce(t *testing.T) {
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		child      string
		timeout    time.Duration
		want       outcome
		wantResult string
		wantDetail string
	}{
		{"ok", time.Minute, outcomeOK, "kernel: result=42", ""},
		{"1", time.Minute, outcomeFailed, "", "exit status 1: first line / kernel: wrong result"},
		{"66", time.Minute, outcomeRace, "", "exit status 66: first line / kernel: wrong result"},
		{"hang", 100 * time.Millisecond, outcomeTimeout, "", "killed after 100ms"},
	}
	for _, tc := range tests {
		t.Run(tc.child, func(t *testing.T) {
			env := append(os.Environ(), childEnv+"="+tc.child)
			s := runOnce(context.Background(), self, nil, env, tc.timeout)
			if s.outcome != tc.want || s.result != tc.wantResult || s.detail != tc.wantDetail {
				t.Errorf("runOnce = %v, result %q, detail %q; want %v, %q, %q",
					s.outcome, s.result, s.detail, tc.want, tc.wantResult, tc.wantDetail)
			}
			if hasRusage && tc.want != outcomeTimeout && s.maxRSS <= 0 {
				t.Errorf("peak memory %d, want a positive number of bytes", s.maxRSS)
			}
		})
	}
}
