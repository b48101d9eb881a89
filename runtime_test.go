package tpinstr

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestRuntimeFilesMatchTree checks that the embedded runtime is exactly the
// runtime in this tree: every non-test Go file under rt (outside testdata),
// with the same content, and nothing else.
func TestRuntimeFilesMatchTree(t *testing.T) {
	got, err := RuntimeFiles()
	if err != nil {
		t.Fatal(err)
	}
	want := map[string][]byte{}
	err = filepath.WalkDir(RuntimeDir, func(name string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".") || strings.HasPrefix(d.Name(), "_") {
				return fs.SkipDir
			}
			return nil
		}
		if strings.HasSuffix(name, "_test.go") || strings.HasPrefix(d.Name(), ".") || strings.HasPrefix(d.Name(), "_") {
			return nil
		}
		b, err := os.ReadFile(name)
		if err != nil {
			return err
		}
		want[filepath.ToSlash(name)] = b
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for name, b := range want {
		if g, ok := got[name]; !ok {
			t.Errorf("%s is not embedded", name)
		} else if !bytes.Equal(g, b) {
			t.Errorf("%s: embedded content differs from the file", name)
		}
	}
	for name := range got {
		if _, ok := want[name]; !ok {
			t.Errorf("%s is embedded but is not a runtime source file", name)
		}
	}
	if len(got) < 3 {
		t.Errorf("only %d runtime files embedded", len(got))
	}
	if _, ok := got["rt/task/doc.go"]; !ok {
		t.Errorf("rt/task/doc.go is not embedded")
	}
}

// TestGoVersion checks that the runtime's language version is the go
// directive of go.mod.
func TestGoVersion(t *testing.T) {
	b, err := os.ReadFile("go.mod")
	if err != nil {
		t.Fatal(err)
	}
	v := GoVersion()
	if v == "" || !bytes.Contains(b, []byte("\ngo "+v+"\n")) {
		t.Errorf("GoVersion() = %q, not the go directive of go.mod:\n%s", v, b)
	}
}
