package main

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

func TestCommandLine(t *testing.T) {
	tests := []struct {
		name       string
		args       []string
		code       int
		stdout     []string // substrings
		stderr     []string
		stdoutOnly bool // stderr must be empty
	}{
		{name: "no command", args: nil, code: 2, stderr: []string{"Usage:", "tpinstr <command> [arguments]"}},
		{name: "unknown command", args: []string{"frob"}, code: 2, stderr: []string{"tpinstr frob: unknown command", "Run 'tpinstr help' for usage."}},
		{name: "help", args: []string{"help"}, code: 0, stdoutOnly: true,
			stdout: []string{"\tbuild      compile packages", "\trun ", "\ttest ", "\tclean ", "\tversion ", "\toptions ", "\tcache "}},
		{name: "-h", args: []string{"-h"}, code: 0, stdout: []string{"The commands are:"}},
		{name: "help build", args: []string{"help", "build"}, code: 0, stdoutOnly: true,
			stdout: []string{"usage: tpinstr build [-o output] [build flags] [packages]\n", "-instr.add pattern", "-instr.skip pattern", "-instr.nocache", "-stats", "-work", "golang/go#73802"}},
		{name: "help run", args: []string{"help", "run"}, code: 0, stdout: []string{"usage: tpinstr run [build flags] [-exec xprog] package [arguments...]\n", "=== tpinstr run ./dir"}},
		{name: "help test", args: []string{"help", "test"}, code: 0, stdout: []string{"usage: tpinstr test ", "-parallel=1", "TestMain"}},
		{name: "help options", args: []string{"help", "options"}, code: 0, stdout: []string{"exitcode=N", "json=PATH", "dot=PATH", "halt_on_error=1"}},
		{name: "help cache", args: []string{"help", "cache"}, code: 0, stdout: []string{"TPINSTRCACHE", "tpinstr clean"}},
		{name: "help unknown topic", args: []string{"help", "frob"}, code: 2, stderr: []string{"unknown help topic"}},
		{name: "version with arguments", args: []string{"version", "x"}, code: 2, stderr: []string{"usage: tpinstr version"}},
		{name: "clean with arguments", args: []string{"clean", "x"}, code: 2, stderr: []string{"usage: tpinstr clean"}},
		{name: "build unknown flag", args: []string{"build", "-frob", "."}, code: 2,
			stderr: []string{"tpinstr build: flag provided but not defined: -frob\n", "usage: tpinstr build", "Run 'tpinstr help build' for details."}},
		{name: "build -h", args: []string{"build", "-h"}, code: 2, stderr: []string{"usage: tpinstr build"}},
		{name: "test -cover", args: []string{"test", "-cover", "./..."}, code: 2, stderr: []string{"-cover is not supported", "golang/go#73802"}},
		{name: "run without a program", args: []string{"run"}, code: 2, stderr: []string{"no go files listed"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			code := tpinstr(tt.args, strings.NewReader(""), &stdout, &stderr, nil)
			if code != tt.code {
				t.Errorf("tpinstr %q: status %d, want %d; stderr:\n%s", tt.args, code, tt.code, stderr.String())
			}
			for _, w := range tt.stdout {
				if !strings.Contains(stdout.String(), w) {
					t.Errorf("tpinstr %q: stdout does not contain %q:\n%s", tt.args, w, stdout.String())
				}
			}
			for _, w := range tt.stderr {
				if !strings.Contains(stderr.String(), w) {
					t.Errorf("tpinstr %q: stderr does not contain %q:\n%s", tt.args, w, stderr.String())
				}
			}
			if tt.stdoutOnly && stderr.Len() > 0 {
				t.Errorf("tpinstr %q: unexpected stderr:\n%s", tt.args, stderr.String())
			}
		})
	}
}

func TestVersion(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if code := tpinstr([]string{"version"}, nil, &stdout, &stderr, nil); code != 0 {
		t.Fatalf("status %d; stderr:\n%s", code, stderr.String())
	}
	re := regexp.MustCompile(`^tpinstr version \S+( \S+)? go\S+ [a-z0-9]+/[a-z0-9]+\n$`)
	if !re.MatchString(stdout.String()) {
		t.Errorf("version printed %q, want it to match %s", stdout.String(), re)
	}
}

func TestClean(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "cache")
	if err := os.MkdirAll(filepath.Join(dir, "ab"), 0o777); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "ab", "x.json"), []byte("{}"), 0o666); err != nil {
		t.Fatal(err)
	}
	t.Setenv("TPINSTRCACHE", dir)
	var stdout, stderr bytes.Buffer
	if code := tpinstr([]string{"clean"}, nil, &stdout, &stderr, nil); code != 0 {
		t.Fatalf("status %d; stderr:\n%s", code, stderr.String())
	}
	if _, err := os.Stat(dir); !os.IsNotExist(err) {
		t.Errorf("the cache directory is still there (stat: %v)", err)
	}
}

// TestHelpMatchesDoc checks that every flag of tpinstr that help describes
// is also in the package documentation.
func TestHelpMatchesDoc(t *testing.T) {
	doc, err := os.ReadFile("doc.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, flag := range []string{"-work", "-stats", "-instr.add", "-instr.skip", "-instr.nocache", "TPINSTRCACHE", "exitcode=N", "halt_on_error=1", "-parallel=1", "-vet=off", "zz_tpinstr_main_test.go"} {
		if !bytes.Contains(doc, []byte(flag)) {
			t.Errorf("doc.go does not mention %s", flag)
		}
		found := false
		for _, tp := range topics {
			found = found || strings.Contains(tp.long, flag)
		}
		if !found {
			t.Errorf("no help topic mentions %s", flag)
		}
	}
}
