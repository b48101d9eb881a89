package e2e

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

func TestReadJSONReports(t *testing.T) {
	dir, err := canonical(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	abs := filepath.Join(dir, "main.go")
	tests := []struct {
		name    string
		content *string // nil: no file
		want    []Race
		wantErr string
	}{
		{name: "no file means no report", content: nil, want: nil},
		{name: "empty file", content: ptr(""), want: nil},
		{
			name: "two reports, absolute and relative files",
			content: ptr(`{"type":"race","addr":"0x1","access":{"op":"read","expr":"x","file":"` + abs + `","line":12,"col":3,"task":2,"spawns":[]},"previous":{"op":"write","expr":"x","file":"` + abs + `","line":9,"task":1,"spawns":[]},"reason":"r"}` + "\n" +
				`{"type":"race","access":{"op":"write","expr":"m","file":"main.go","line":4},"previous":{"op":"write","expr":"m","line":5}}` + "\n"),
			want: []Race{
				{A: Site{abs, 12}, B: Site{abs, 9}, Desc: "read of x, previous write of x"},
				{A: Site{abs, 4}, B: Site{"", 5}, Desc: "write of m, previous write of m"},
			},
		},
		{name: "malformed line", content: ptr("{\"type\":\"race\"\n"), wantErr: ":1:"},
		{name: "not a race", content: ptr(`{"type":"misuse"}` + "\n"), wantErr: `type "misuse"`},
	}
	for i, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "reports.jsonl")
			if tc.content != nil {
				if err := os.WriteFile(path, []byte(*tc.content), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			got, err := ReadJSONReports(path, dir)
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("case %d: error %v, want one containing %q", i, err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("ReadJSONReports:\n got %v\nwant %v", got, tc.want)
			}
		})
	}
}

func ptr(s string) *string { return &s }

func TestCompare(t *testing.T) {
	l := func(n int) Site { return Site{File: "/p/main.go", Line: n} }
	other := Site{File: "/p/other.go", Line: 6}
	pairA := Pair{ID: "a", A: l(6), B: l(9)}
	pairB := Pair{ID: "b", A: l(6), B: l(12)}
	self := Pair{ID: "s", A: l(20), B: l(20)}
	race := func(a, b Site) Race { return Race{A: a, B: b} }
	tests := []struct {
		name           string
		pairs          []Pair
		races          []Race
		wantMissing    []Pair
		wantUnexpected []Race
	}{
		{name: "nothing labelled, nothing reported"},
		{name: "pair found in order", pairs: []Pair{pairA}, races: []Race{race(l(6), l(9))}},
		{name: "pair found reversed", pairs: []Pair{pairA}, races: []Race{race(l(9), l(6))}},
		{name: "self pair found", pairs: []Pair{self}, races: []Race{race(l(20), l(20))}},
		{name: "self pair needs both accesses on its line", pairs: []Pair{self}, races: []Race{race(l(20), l(6))}, wantMissing: []Pair{self}, wantUnexpected: []Race{race(l(20), l(6))}},
		{name: "pair not reported", pairs: []Pair{pairA, pairB}, races: []Race{race(l(12), l(6))}, wantMissing: []Pair{pairA}},
		{name: "one line right, one wrong", pairs: []Pair{pairA}, races: []Race{race(l(6), l(10))}, wantMissing: []Pair{pairA}, wantUnexpected: []Race{race(l(6), l(10))}},
		{name: "same line, other file", pairs: []Pair{pairA}, races: []Race{race(l(9), l(6)), race(other, l(9))}, wantUnexpected: []Race{race(other, l(9))}},
		{name: "race in a race-free program", races: []Race{race(l(1), l(2))}, wantUnexpected: []Race{race(l(1), l(2))}},
		{name: "two labelled lines of different pairs are accepted", pairs: []Pair{pairA, pairB}, races: []Race{race(l(6), l(9)), race(l(6), l(12)), race(l(9), l(12))}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			missing, unexpected := Compare(tc.pairs, tc.races)
			if !reflect.DeepEqual(missing, tc.wantMissing) {
				t.Errorf("missing = %v, want %v", missing, tc.wantMissing)
			}
			if !reflect.DeepEqual(unexpected, tc.wantUnexpected) {
				t.Errorf("unexpected = %v, want %v", unexpected, tc.wantUnexpected)
			}
		})
	}
}
