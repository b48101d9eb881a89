package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// officialSchema compiles testdata/sarif-schema-2.1.0.json, the SARIF
// 2.1.0 schema as OASIS publishes it (errata 01), with a JSON Schema
// validator.
func officialSchema(t *testing.T) *jsonschema.Schema {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", "sarif-schema-2.1.0.json"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	doc, err := jsonschema.UnmarshalJSON(f)
	if err != nil {
		t.Fatal(err)
	}
	const url = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
	c := jsonschema.NewCompiler()
	if err := c.AddResource(url, doc); err != nil {
		t.Fatal(err)
	}
	sch, err := c.Compile(url)
	if err != nil {
		t.Fatal(err)
	}
	return sch
}

// TestSARIFAgainstOfficialSchema validates what tpvet -sarif writes for the
// analyzer's test packages against the official schema, and checks that
// the validator rejects what the schema forbids, so that the test can fail.
func TestSARIFAgainstOfficialSchema(t *testing.T) {
	sch := officialSchema(t)
	gopath, err := filepath.Abs(filepath.Join("..", "..", "analysis", "tprace", "testdata"))
	if err != nil {
		t.Fatal(err)
	}
	env := append(os.Environ(), "GOPATH="+gopath, "GO111MODULE=off", "GOFLAGS=", "GOWORK=off")
	var out, stderr bytes.Buffer
	dir := filepath.Join(gopath, "src", "example.com")
	if code := sarifMain([]string{"-sarif", "-test=false", "example.com/races", "example.com/precision"}, dir, env, &out, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	validate := func(b []byte) error {
		inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(b))
		if err != nil {
			t.Fatal(err)
		}
		return sch.Validate(inst)
	}
	if err := validate(out.Bytes()); err != nil {
		t.Fatalf("tpvet's log violates the SARIF 2.1.0 schema: %v", err)
	}
	for _, tt := range []struct{ name, old, new string }{
		{"version", `"version": "2.1.0"`, `"version": "2.0.0"`},
		{"level", `"level": "warning"`, `"level": "warn"`},
		{"unknown property", `"version": "2.1.0"`, `"version": "2.1.0", "extra": 1`},
	} {
		bad := strings.Replace(out.String(), tt.old, tt.new, 1)
		if bad == out.String() {
			t.Fatalf("%s: %q is not in the log", tt.name, tt.old)
		}
		if validate([]byte(bad)) == nil {
			t.Errorf("%s: a log with %s is accepted", tt.name, tt.new)
		}
	}
}
