package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestVetTool builds tpvet and runs it under go vet -vettool on the
// analyzer's test packages, so that the facts of package lib reach package
// calls gob-encoded, as go vet passes them between separate processes.
func TestVetTool(t *testing.T) {
	gobin, err := exec.LookPath("go")
	if err != nil {
		t.Fatalf("go command not found: %v", err)
	}
	bin := filepath.Join(t.TempDir(), "tpvet")
	if out, err := exec.Command(gobin, "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	gopath, err := filepath.Abs(filepath.Join("..", "..", "analysis", "tprace", "testdata"))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		args []string
	}{
		{"go vet", []string{gobin, "vet", "-vettool=" + bin, "example.com/calls"}},
		{"standalone", []string{bin, "example.com/calls"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cmd := exec.Command(tt.args[0], tt.args[1:]...)
			cmd.Dir = filepath.Join(gopath, "src", "example.com", "calls")
			cmd.Env = append(os.Environ(), "GOPATH="+gopath, "GO111MODULE=off", "GOFLAGS=", "GOWORK=off")
			out, err := cmd.CombinedOutput()
			if err == nil {
				t.Fatalf("%s succeeded, want a failure with reports:\n%s", tt.name, out)
			}
			// lib.Inc's effect on lib.Count is only known through its fact.
			for _, want := range []string{
				"possible determinacy race on lib.Count",
				"(in Inc at lib.go:",
				"possible determinacy race on s: the write of s[_]",
			} {
				if !strings.Contains(string(out), want) {
					t.Errorf("%s output lacks %q:\n%s", tt.name, want, out)
				}
			}
		})
	}
}
