package main

import (
	"testing"
	"time"
)

func TestMedian(t *testing.T) {
	ms := time.Millisecond
	tests := []struct {
		name   string
		in     []time.Duration
		want   time.Duration
		wantOK bool
	}{
		{"empty", nil, 0, false},
		{"one", []time.Duration{7 * ms}, 7 * ms, true},
		{"odd, unsorted", []time.Duration{9 * ms, 1 * ms, 5 * ms}, 5 * ms, true},
		{"even: mean of the middle two", []time.Duration{4 * ms, 1 * ms, 2 * ms, 100 * ms}, 3 * ms, true},
		{"outlier does not move it", []time.Duration{10 * ms, 11 * ms, 10 * ms, 12 * ms, 900 * ms}, 11 * ms, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			in := append([]time.Duration(nil), tc.in...)
			got, ok := median(tc.in)
			if got != tc.want || ok != tc.wantOK {
				t.Errorf("median(%v) = %v, %v; want %v, %v", tc.in, got, ok, tc.want, tc.wantOK)
			}
			for i := range in {
				if in[i] != tc.in[i] {
					t.Fatalf("median reordered its argument: %v, was %v", tc.in, in)
				}
			}
		})
	}
}

func TestRatio(t *testing.T) {
	tests := []struct {
		name   string
		a      time.Duration
		okA    bool
		b      time.Duration
		okB    bool
		want   float64
		wantOK bool
	}{
		{"both", 3 * time.Second, true, 2 * time.Second, true, 1.5, true},
		{"numerator missing", 0, false, time.Second, true, 0, false},
		{"denominator missing", time.Second, true, 0, false, 0, false},
		{"zero denominator", time.Second, true, 0, true, 0, false},
	}
	for _, tc := range tests {
		got, ok := ratio(tc.a, tc.okA, tc.b, tc.okB)
		if got != tc.want || ok != tc.wantOK {
			t.Errorf("%s: ratio = %v, %v; want %v, %v", tc.name, got, ok, tc.want, tc.wantOK)
		}
	}
}

func TestSummarize(t *testing.T) {
	ok := func(ms, mib int) sample {
		return sample{outcome: outcomeOK, wall: time.Duration(ms) * time.Millisecond, maxRSS: int64(mib) << 20}
	}
	bad := func(o outcome, mib int) sample { return sample{outcome: o, maxRSS: int64(mib) << 20} }
	tests := []struct {
		name string
		c    *cell
		want summary
	}{
		{"not selected", nil, summary{peak: -1}},
		{"unavailable", &cell{buildErr: errUnavailableFor("no tpinstr")}, summary{peak: -1, mark: "unavailable"}},
		{"build failed", &cell{buildErr: errBuild}, summary{peak: -1, mark: "build failed"}},
		{"all ok: median time, largest peak", &cell{samples: []sample{ok(30, 5), ok(10, 9), ok(20, 7)}},
			summary{median: 20 * time.Millisecond, hasTime: true, peak: 9 << 20}},
		{"some timeouts: their memory is not a peak", &cell{samples: []sample{ok(10, 5), bad(outcomeTimeout, 50), ok(30, 6)}},
			summary{median: 20 * time.Millisecond, hasTime: true, peak: 6 << 20, mark: "1 of 3 timeout", failures: 1}},
		{"all raced", &cell{samples: []sample{bad(outcomeRace, 4), bad(outcomeRace, 3)}},
			summary{peak: 4 << 20, mark: "race", failures: 2}},
		{"commonest failure names the cell", &cell{samples: []sample{bad(outcomeFailed, 1), bad(outcomeTimeout, 1), bad(outcomeTimeout, 1)}},
			summary{peak: 1 << 20, mark: "timeout", failures: 3}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.c.summarize(); got != tc.want {
				t.Errorf("summarize = %+v, want %+v", got, tc.want)
			}
		})
	}
}
