package main

import (
	"context"
	"io"
	"reflect"
	"testing"
	"time"
)

// TestRunAll checks the order of the runs (every mode of every kernel per
// repetition, the order of the modes rotating), that a cell stops after a
// timeout while the others go on, and that a cell that was not built is
// never run.
func TestRunAll(t *testing.T) {
	ks := []kernel{{name: "a", dir: "a"}, {name: "b", dir: "b"}, {name: "c", dir: "c"}}
	modes := []mode{modeSerial, modeChecked}
	rows := []row{
		{name: "a", cells: map[mode]*cell{modeSerial: {}, modeChecked: {}}},
		{name: "b", cells: map[mode]*cell{modeSerial: {}, modeChecked: {}}},
		{name: "c", cells: map[mode]*cell{modeSerial: {}, modeChecked: {buildErr: errBuild}}},
	}
	paths := []map[mode]string{
		{modeSerial: "a.serial", modeChecked: "a.checked"},
		{modeSerial: "b.serial", modeChecked: "b.checked"},
		{modeSerial: "c.serial"},
	}
	var calls []string
	fake := func(_ context.Context, path string, _, _ []string, _ time.Duration) sample {
		calls = append(calls, path)
		if path == "a.checked" {
			return sample{outcome: outcomeTimeout}
		}
		return sample{outcome: outcomeOK, wall: time.Millisecond}
	}
	cfg := config{kernels: ks, modes: modes, reps: 3, timeout: time.Second, log: io.Discard}
	if err := runAll(context.Background(), cfg, rows, paths, fake); err != nil {
		t.Fatal(err)
	}
	want := []string{
		"a.serial", "a.checked", "b.serial", "b.checked", "c.serial", // serial first
		"a.serial", "b.checked", "b.serial", "c.serial", // checked first; a.checked timed out
		"a.serial", "b.serial", "b.checked", "c.serial", // serial first again
	}
	if !reflect.DeepEqual(calls, want) {
		t.Errorf("runs\n%q\nwant\n%q", calls, want)
	}
	counts := []struct {
		r    int
		m    mode
		want int
	}{{0, modeSerial, 3}, {0, modeChecked, 1}, {1, modeChecked, 3}, {2, modeChecked, 0}}
	for _, tc := range counts {
		if got := len(rows[tc.r].cells[tc.m].samples); got != tc.want {
			t.Errorf("%s %s: %d samples, want %d", rows[tc.r].name, tc.m, got, tc.want)
		}
	}
}
