//go:build tpinstr

package explore_test

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/tpinstr/tpinstr/rt/internal/event"
	"github.com/tpinstr/tpinstr/rt/internal/randprog"
)

// TestInterruptStopsExploration interrupts a program whose exploration of
// isolated sections would take very long (nine tasks write one location in
// isolated sections: 9! orders, and a limit well above them), once the
// serial run has written its race: the program writes that race, a verdict
// that says an interrupt stopped the exploration, and exits with the race
// status, instead of dying with what it found.
func TestInterruptStopsExploration(t *testing.T) {
	bin := buildDriver(t)
	body := []randprog.Stmt{
		{Op: randprog.Async, Site: 1, Body: []randprog.Stmt{{Op: randprog.Write, Site: 2, Off: 0, Size: 1}}},
		{Op: randprog.Read, Site: 3, Off: 0, Size: 1},
	}
	for i := range 9 {
		s := event.Site(10 + 2*i)
		body = append(body, randprog.Stmt{Op: randprog.Async, Site: s, Body: []randprog.Stmt{{Op: randprog.Isolated, Site: s + 1,
			Body: []randprog.Stmt{{Op: randprog.Write, Site: 9, Off: 4, Size: 1}}}}})
	}
	in, err := json.Marshal(struct{ Program randprog.Program }{randprog.Program{Arena: 8, Body: body}})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	prog := filepath.Join(dir, "prog.json")
	if err := os.WriteFile(prog, in, 0o666); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, "-prog", prog)
	cmd.Dir = dir
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "TPINSTR") {
			cmd.Env = append(cmd.Env, kv)
		}
	}
	cmd.Env = append(cmd.Env, "TPINSTR=explore=1 max_schedules=10000000")
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	// The serial run writes its race at once; exploration follows.
	var out bytes.Buffer
	sc := bufio.NewScanner(stderr)
	seenRace := false
	for sc.Scan() {
		line := sc.Text()
		out.WriteString(line + "\n")
		if strings.Contains(line, "DETERMINACY RACE") {
			seenRace = true
		}
		if seenRace && line == "==================" {
			break
		}
	}
	time.Sleep(200 * time.Millisecond) // into the exploration
	if err := cmd.Process.Signal(os.Interrupt); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() {
		for sc.Scan() {
			out.WriteString(sc.Text() + "\n")
		}
		done <- cmd.Wait()
	}()
	var werr error
	select {
	case werr = <-done:
	case <-time.After(3 * time.Minute):
		cmd.Process.Kill()
		t.Fatalf("the program did not end within 3 minutes of the interrupt:\n%s", out.String())
	}
	code := 0
	if ee, ok := werr.(*exec.ExitError); ok {
		code = ee.ExitCode()
	}
	if code != 66 {
		t.Errorf("exit status %d (%v), want 66:\n%s", code, werr, out.String())
	}
	if !strings.Contains(out.String(), "isolated sections when an interrupt stopped it, other schedules were not checked") {
		t.Errorf("no verdict of an interrupted exploration:\n%s", out.String())
	}
	if n := strings.Count(out.String(), "WARNING: DETERMINACY RACE"); n != 1 {
		t.Errorf("%d race reports, want the serial run's 1:\n%s", n, out.String())
	}
}
