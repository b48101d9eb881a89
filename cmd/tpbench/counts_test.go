package main

import (
	"bytes"
	"errors"
	"strings"
	"testing"
)

func TestParseCounts(t *testing.T) {
	tests := []struct {
		line    string
		want    map[string]uint64
		wantErr bool
	}{
		{line: "hooks=10 seen=2 quick=7 full=1 cells=3 whole=0\n",
			want: map[string]uint64{"hooks": 10, "seen": 2, "quick": 7, "full": 1, "cells": 3, "whole": 0}},
		{line: "hooks=10 seen=2 quick=7 full=1 cells=3", wantErr: true}, // whole missing
		{line: "hooks=x seen=2 quick=7 full=1 cells=3 whole=0", wantErr: true},
		{line: "hooks seen=2", wantErr: true},
		{line: "", wantErr: true},
	}
	for _, tt := range tests {
		got, err := parseCounts(tt.line)
		if (err != nil) != tt.wantErr {
			t.Errorf("parseCounts(%q) error %v, want error %v", tt.line, err, tt.wantErr)
			continue
		}
		for k, v := range tt.want {
			if got[k] != v {
				t.Errorf("parseCounts(%q)[%s] = %d, want %d", tt.line, k, got[k], v)
			}
		}
	}
}

func TestWriteCounts(t *testing.T) {
	rows := []countRow{
		{name: "fib", counts: map[string]uint64{"hooks": 1234567, "seen": 0, "quick": 1000, "full": 12, "cells": 5, "whole": 1}},
		{name: "fib (goroutine)", err: errors.New("run failed")},
	}
	var buf bytes.Buffer
	failed, err := writeCounts(&buf, "small", "built from ./cmd/tpinstr", rows)
	if err != nil {
		t.Fatal(err)
	}
	if !failed {
		t.Error("writeCounts: a failed row must make the report failed")
	}
	out := buf.String()
	for _, want := range []string{
		"| kernel | hooks | seen | quick | full | cells | whole |",
		"| fib | 1,234,567 | 0 | 1,000 | 12 | 5 | 1 |",
		"| fib (goroutine) | — | — | — | — | — | — |",
		"- fib (goroutine): run failed",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("report lacks %q:\n%s", want, out)
		}
	}
}

func TestGroupDigits(t *testing.T) {
	for n, want := range map[uint64]string{0: "0", 999: "999", 1000: "1,000", 1234567: "1,234,567", 100000: "100,000"} {
		if got := groupDigits(n); got != want {
			t.Errorf("groupDigits(%d) = %q, want %q", n, got, want)
		}
	}
}
