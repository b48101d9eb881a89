package main

import (
	"bytes"
	"context"
	"errors"
	"os/exec"
	"strings"
	"time"
)

// outcome classifies one run.
type outcome int

const (
	outcomeOK       outcome = iota
	outcomeFailed           // non-zero exit other than a race report, or a signal
	outcomeTimeout          // killed at the timeout
	outcomeRace             // exit status raceExit: a race was reported
	outcomeNotBuilt         // the binary could not be built
)

// raceExit is the exit status of a program that found a race, for both
// tpinstr's checked binaries and Go's race detector.
const raceExit = 66

// String names o as the table marks a cell.
func (o outcome) String() string {
	switch o {
	case outcomeOK:
		return "ok"
	case outcomeFailed:
		return "failed"
	case outcomeTimeout:
		return "timeout"
	case outcomeRace:
		return "race"
	case outcomeNotBuilt:
		return "not built"
	}
	return "?"
}

// sample is one run of one binary.
type sample struct {
	outcome outcome
	wall    time.Duration
	maxRSS  int64  // peak resident set size in bytes; -1 when unknown
	result  string // the first line of standard output
	detail  string // exit status and the end of standard error, for notes
}

// runOnce runs path with args, killing it after timeout, and measures its
// wall-clock time and peak memory.
func runOnce(ctx context.Context, path string, args []string, env []string, timeout time.Duration) sample {
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, path, args...)
	cmd.Env = env
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	cmd.WaitDelay = time.Second

	start := time.Now()
	err := cmd.Run()
	s := sample{wall: time.Since(start), maxRSS: -1, result: firstLine(stdout.String())}
	if cmd.ProcessState != nil {
		s.maxRSS = peakRSS(cmd.ProcessState)
	}
	var exit *exec.ExitError
	switch {
	case err == nil:
		s.outcome = outcomeOK
	case ctx.Err() == context.DeadlineExceeded:
		s.outcome = outcomeTimeout
		s.detail = "killed after " + timeout.String()
	case errors.As(err, &exit) && exit.ExitCode() == raceExit:
		s.outcome = outcomeRace
		s.detail = exit.Error() + ": " + tail(stderr.String(), 3)
	default:
		s.outcome = outcomeFailed
		s.detail = err.Error() + ": " + tail(stderr.String(), 3)
	}
	return s
}

// tail returns the last n non-empty lines of s, joined by " / ".
func tail(s string, n int) string {
	var lines []string
	for _, l := range strings.Split(s, "\n") {
		if l = strings.TrimSpace(l); l != "" {
			lines = append(lines, l)
		}
	}
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, " / ")
}
