package checkbuild

import (
	"bytes"
	"strings"
	"testing"
)

func TestMapWriter(t *testing.T) {
	r := strings.NewReplacer("/var/tmp/tpinstr-1/src/0/a.go", "/home/u/a.go", "/var/tmp/tpinstr-1", workVar)
	tests := []struct {
		name   string
		writes []string
		want   string
	}{
		{"whole lines", []string{"/var/tmp/tpinstr-1/src/0/a.go:3:1: bad\n"}, "/home/u/a.go:3:1: bad\n"},
		{"a path split between writes", []string{"x /var/tmp/tpinstr-1/sr", "c/0/a.go:1\n"}, "x /home/u/a.go:1\n"},
		{"other work paths", []string{"-overlay=/var/tmp/tpinstr-1/overlay.json\n"}, "-overlay=$TPINSTR_WORK/overlay.json\n"},
		{"unfinished last line is flushed", []string{"ok\nno newline /var/tmp/tpinstr-1/src/0/a.go"}, "ok\nno newline /home/u/a.go"},
		{"unrelated text unchanged", []string{"PASS\n", "ok  \tp\t0.1s\n"}, "PASS\nok  \tp\t0.1s\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out bytes.Buffer
			w := newMapWriter(&out, r)
			for _, s := range tt.writes {
				if n, err := w.Write([]byte(s)); n != len(s) || err != nil {
					t.Fatalf("Write(%q) = %d, %v", s, n, err)
				}
			}
			if err := w.Flush(); err != nil {
				t.Fatal(err)
			}
			if out.String() != tt.want {
				t.Errorf("output %q, want %q", out.String(), tt.want)
			}
		})
	}
}
