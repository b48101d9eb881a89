package explore

import (
	"errors"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestParallelExplorationPrintsTheSerialOutput runs the scenarios of
// testdata/xparallel, built with -tags tpinstr, with explore_procs=1 (the
// serial exploration) and with 2 and 4 children at once, and checks that
// the standard output, the standard error (reports, their schedules,
// deadlocks, the verdict) and the exit status are the same, addresses
// aside (they differ between processes). The scenarios cover a race that
// only schedules after the first show, a deadlock in some schedules, the
// max_schedules limit, for isolated sections and for goroutines' lock
// orders; want is what each must show, so that the comparison compares
// explorations that found something.
func TestParallelExplorationPrintsTheSerialOutput(t *testing.T) {
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(t.TempDir(), "xparallel")
	if out, err := exec.Command(goTool, "build", "-tags", "tpinstr", "-o", bin, "./testdata/xparallel").CombinedOutput(); err != nil {
		t.Fatalf("building testdata/xparallel: %v\n%s", err, out)
	}
	addr := regexp.MustCompile(`0x[0-9a-f]+`)
	tests := []struct {
		scenario, tasks, options string
		status                   int
		want                     []string // regular expressions the serial output must match
	}{
		{"iso-race", "4", "", 66, []string{
			`Schedule of isolated sections: [0-9.]+ \(replay it`,
			`checked every schedule of this input: explored [0-9]+ schedules`}},
		{"iso-race", "4", "max_schedules=9", 66, []string{`explored 9 schedules of the isolated sections \(the max_schedules limit\)`}},
		{"iso-deadlock", "4", "", 66, []string{`DEADLOCK`, `checked every schedule of this input`}},
		{"iso-budget", "6", "max_schedules=40", 0, []string{`explored 40 schedules of the isolated sections \(the max_schedules limit\)`}},
		{"go-masked", "4", "", 66, []string{`WARNING: DATA RACE`, `Schedule: g[0-9.,/:@*-]+ \(replay it`,
			`checked every schedule of this input: [0-9]+ schedules of the orders of synchronisation`}},
		{"go-masked", "5", "max_schedules=7", 66, []string{`WARNING: DATA RACE`, `checked 7 schedules \(the max_schedules limit\)`}},
		{"go-deadlock", "", "", 66, []string{`DEADLOCK`, `Schedule: g[0-9.,/:@*-]+`}},
	}
	run := func(scenario, tasks, options string) (string, int) {
		args := []string{scenario}
		if tasks != "" {
			args = append(args, tasks)
		}
		cmd := exec.Command(bin, args...)
		// No time limit, and no sampling for a time past max_schedules:
		// which schedules a loaded machine reaches in a given time must
		// not change the output compared.
		cmd.Env = append(cmd.Environ(), "TPINSTR=explore_time=0 sample_time=0 "+options)
		out, err := cmd.CombinedOutput()
		status := 0
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			status = ee.ExitCode()
		} else if err != nil {
			t.Fatal(err)
		}
		return addr.ReplaceAllString(string(out), "0x…"), status
	}
	for _, tt := range tests {
		name := strings.TrimSpace(tt.scenario + " " + tt.tasks + " " + tt.options)
		t.Run(name, func(t *testing.T) {
			serial, status := run(tt.scenario, tt.tasks, tt.options+" explore_procs=1")
			if status != tt.status {
				t.Errorf("serial exploration: exit status %d, want %d\n%s", status, tt.status, serial)
			}
			for _, re := range tt.want {
				if !regexp.MustCompile(re).MatchString(serial) {
					t.Errorf("serial exploration: the output does not match %q:\n%s", re, serial)
				}
			}
			for _, procs := range []string{"2", "4"} {
				got, gotStatus := run(tt.scenario, tt.tasks, tt.options+" explore_procs="+procs)
				if got != serial || gotStatus != status {
					t.Errorf("explore_procs=%s: exit status %d and output\n%s\nserial: exit status %d and output\n%s",
						procs, gotStatus, got, status, serial)
				}
			}
		})
	}
}
