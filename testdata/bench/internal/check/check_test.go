package check

import (
	"bytes"
	"errors"
	"testing"
)

func TestDone(t *testing.T) {
	tests := []struct {
		name       string
		err        error
		wantCode   int
		wantStdout string
		wantStderr string
	}{
		{"right result", nil, 0, "k: n=3\n", ""},
		{"wrong result", errors.New("sum is 2, want 3"), 1, "", "k: wrong result: sum is 2, want 3\n"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var out, errOut bytes.Buffer
			code := done(&out, &errOut, "k", tc.err, "n=%d", 3)
			if code != tc.wantCode || out.String() != tc.wantStdout || errOut.String() != tc.wantStderr {
				t.Errorf("done = %d, stdout %q, stderr %q; want %d, %q, %q",
					code, out.String(), errOut.String(), tc.wantCode, tc.wantStdout, tc.wantStderr)
			}
		})
	}
}
