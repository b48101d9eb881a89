package options

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

// TestReadVerdicts reads the records of two binaries, skipping a line
// that is not a record, and returns them by package.
func TestReadVerdicts(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"101": `{"pkg":"b","test":"TestB","verdict":"checked 3 schedules"}` + "\n" + "garbage\n",
		"102": `{"pkg":"a","verdict":"checked every schedule of this input (2 goroutines)"}` + "\n",
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o666); err != nil {
			t.Fatal(err)
		}
	}
	got, err := ReadVerdicts(dir)
	if err != nil {
		t.Fatal(err)
	}
	want := []Verdict{
		{Pkg: "a", Verdict: "checked every schedule of this input (2 goroutines)"},
		{Pkg: "b", Test: "TestB", Verdict: "checked 3 schedules"},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("ReadVerdicts = %+v, want %+v", got, want)
	}
	if _, err := ReadVerdicts(filepath.Join(dir, "missing")); err == nil {
		t.Error("ReadVerdicts of a missing directory: no error")
	}
}
