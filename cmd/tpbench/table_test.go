package main

import (
	"strings"
	"testing"
	"time"
)

func TestFormatDuration(t *testing.T) {
	tests := []struct {
		d    time.Duration
		want string
	}{
		{1234 * time.Microsecond, "1.23 ms"},
		{56789 * time.Microsecond, "56.8 ms"},
		{1500 * time.Millisecond, "1.50 s"},
		{150 * time.Second, "150 s"},
	}
	for _, tc := range tests {
		if got := formatDuration(tc.d); got != tc.want {
			t.Errorf("formatDuration(%v) = %q, want %q", tc.d, got, tc.want)
		}
	}
}

// okRuns returns successful samples of the given times in ms, all printing
// result and peaking at mib MiB.
func okRuns(result string, mib int, ms ...int) []sample {
	var s []sample
	for _, m := range ms {
		s = append(s, sample{outcome: outcomeOK, wall: time.Duration(m) * time.Millisecond, maxRSS: int64(mib) << 20, result: result})
	}
	return s
}

func testHeader() header {
	return header{
		machine: machine{cpu: "Test CPU 3000", cores: 2, platform: "linux/amd64", goVersion: "go version go1.26 linux/amd64"},
		tpinstr: "built from ./cmd/tpinstr",
		size:    "small",
		reps:    3,
		timeout: time.Minute,
	}
}

const testPreamble = `# tpbench: checked runs beside ` + "`go build -race`" + `

- machine: Test CPU 3000, 2 cores, linux/amd64
- go: go version go1.26 linux/amd64
- tpinstr: built from ./cmd/tpinstr
- size: small; runs per cell: 3, in alternation; timeout per run: 1m0s
- time: median wall-clock time of the successful runs; memory: largest peak resident set size

`

func TestWriteReport(t *testing.T) {
	tests := []struct {
		name       string
		modes      []mode
		rows       []row
		want       string
		wantFailed bool
	}{
		{
			name:  "every mode, all runs ok",
			modes: allModes(),
			rows: []row{{name: "fib", cells: map[mode]*cell{
				modeSerial:   {samples: okRuns("fib: 55", 3, 100, 120, 110)},
				modeParallel: {samples: okRuns("fib: 55", 4, 60, 50, 55)},
				modeChecked:  {samples: okRuns("fib: 55", 30, 400, 330, 300)},
				modeRace:     {samples: okRuns("fib: 55", 60, 1100, 1000, 990)},
			}}},
			want: testPreamble +
				"| kernel | serial | parallel | checked | race | checked/serial | checked/race | parallel/serial | mem serial | mem parallel | mem checked | mem race |\n" +
				"| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n" +
				"| fib | 110.0 ms | 55.0 ms | 330.0 ms | 1.00 s | 3.00× | 0.33× | 0.50× | 3.0 MiB | 4.0 MiB | 30.0 MiB | 60.0 MiB |\n",
		},
		{
			name:  "failures are marked and explained, ratios left out",
			modes: allModes(),
			rows: []row{{name: "jacobi", cells: map[mode]*cell{
				modeSerial: {samples: okRuns("jacobi: 1", 8, 200, 200, 200)},
				modeParallel: {samples: append(okRuns("jacobi: 1", 9, 100, 300),
					sample{outcome: outcomeTimeout, maxRSS: -1, detail: "killed after 1m0s"})},
				modeChecked: {buildErr: errUnavailableFor("no tpinstr")},
				modeRace: {samples: []sample{
					{outcome: outcomeRace, wall: time.Second, maxRSS: 70 << 20, detail: "exit status 66: WARNING: DATA RACE"},
					{outcome: outcomeRace, wall: time.Second, maxRSS: 70 << 20, detail: "exit status 66: WARNING: DATA RACE"},
				}},
			}}},
			want: testPreamble +
				"| kernel | serial | parallel | checked | race | checked/serial | checked/race | parallel/serial | mem serial | mem parallel | mem checked | mem race |\n" +
				"| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n" +
				"| jacobi | 200.0 ms | 200.0 ms (1 of 3 timeout) | unavailable | race | – | – | 1.00× | 8.0 MiB | 9.0 MiB | – | 70.0 MiB |\n" +
				"\nNotes:\n\n" +
				"- jacobi, parallel, run 3: timeout: killed after 1m0s\n" +
				"- jacobi, race, run 1: race: exit status 66: WARNING: DATA RACE\n",
			wantFailed: true,
		},
		{
			name:  "two modes: only their ratio; a different result is a failure",
			modes: []mode{modeSerial, modeParallel},
			rows: []row{{name: "crypt-af", cells: map[mode]*cell{
				modeSerial:   {samples: okRuns("crypt: abc", 5, 40)},
				modeParallel: {samples: okRuns("crypt: abd", 6, 20)},
			}}},
			want: testPreamble +
				"| kernel | serial | parallel | parallel/serial | mem serial | mem parallel |\n" +
				"| --- | ---: | ---: | ---: | ---: | ---: |\n" +
				"| crypt-af | 40.0 ms | 20.0 ms | 0.50× | 5.0 MiB | 6.0 MiB |\n" +
				"\nNotes:\n\n" +
				"- crypt-af: parallel printed \"crypt: abd\" but serial printed \"crypt: abc\"\n",
			wantFailed: true,
		},
		{
			name:  "a timeout stops the cell",
			modes: []mode{modeChecked},
			rows: []row{{name: "crypt-future", cells: map[mode]*cell{
				modeChecked: {samples: []sample{{outcome: outcomeTimeout, maxRSS: 9 << 20, detail: "killed after 1m0s"}}},
			}}},
			want: testPreamble +
				"| kernel | checked | mem checked |\n" +
				"| --- | ---: | ---: |\n" +
				"| crypt-future | timeout | – |\n" +
				"\nNotes:\n\n" +
				"- crypt-future, checked, run 1: timeout: killed after 1m0s (not run again: 1 of 3 runs done)\n",
			wantFailed: true,
		},
		{
			name:  "build failure",
			modes: []mode{modeSerial},
			rows:  []row{{name: "strassen", cells: map[mode]*cell{modeSerial: {buildErr: errBuild}}}},
			want: testPreamble +
				"| kernel | serial | mem serial |\n" +
				"| --- | ---: | ---: |\n" +
				"| strassen | build failed | – |\n" +
				"\nNotes:\n\n" +
				"- strassen, serial: go build: exit status 1 / ./main.go:3:1: syntax error\n",
			wantFailed: true,
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var b strings.Builder
			failed, err := writeReport(&b, testHeader(), tc.modes, tc.rows)
			if err != nil {
				t.Fatal(err)
			}
			if got := b.String(); got != tc.want {
				t.Errorf("report:\n%s\nwant:\n%s", got, tc.want)
			}
			if failed != tc.wantFailed {
				t.Errorf("failed = %v, want %v", failed, tc.wantFailed)
			}
		})
	}
}
