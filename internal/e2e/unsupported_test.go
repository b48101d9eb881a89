package e2e

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestUnsupported runs the programs of testdata/programs/unsupported, each
// using a construct the checker does not model, and requires the checked
// run to stop with status 2 and a message that names the construct's line
// (the line that ends with "// unsupported"), rather than check the program
// wrong or fail inside the checker.
func TestUnsupported(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: skipping the checked runs (each builds a program)")
	}
	harness.Need(t)
	dir := filepath.Join(harness.Root, "testdata", "programs", "unsupported")
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if !e.IsDir() {
			continue
		}
		t.Run(e.Name(), func(t *testing.T) {
			src, err := os.ReadFile(filepath.Join(dir, e.Name(), "main.go"))
			if err != nil {
				t.Fatal(err)
			}
			line := 0
			for i, l := range strings.Split(string(src), "\n") {
				if strings.HasSuffix(l, "// unsupported") {
					line = i + 1
				}
			}
			if line == 0 {
				t.Fatal(`no line ends with "// unsupported"`)
			}
			ctx, cancel := context.WithTimeout(context.Background(), RunTimeout)
			defer cancel()
			cmd := exec.CommandContext(ctx, harness.Path, "run", "./testdata/programs/unsupported/"+e.Name())
			cmd.Dir = harness.Root
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			code, err := ExitCode(cmd.Run())
			if err != nil {
				t.Fatal(err)
			}
			if code != 2 {
				t.Errorf("exit status %d, want 2\n%s", code, stderr.Bytes())
			}
			want := fmt.Sprintf("main.go:%d:", line)
			if !bytes.Contains(stderr.Bytes(), []byte("not supported by the checker yet")) || !bytes.Contains(stderr.Bytes(), []byte(want)) {
				t.Errorf("the message does not say the construct at %s is not supported:\n%s", want, stderr.Bytes())
			}
			if bytes.Contains(stderr.Bytes(), []byte("panic")) {
				t.Errorf("the checker panicked:\n%s", stderr.Bytes())
			}
		})
	}
}
