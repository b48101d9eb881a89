package checkbuild

import (
	"errors"
	"reflect"
	"strings"
	"testing"
)

func TestParseBuild(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want Invocation
	}{
		{
			name: "no arguments",
			args: nil,
			want: Invocation{},
		},
		{
			name: "value flags take the next word, even one that looks like a package",
			args: []string{"-o", "bin/x", "-ldflags", "-s -w", "-gcflags=all=-N", "./cmd/x"},
			want: Invocation{GoArgs: []string{"-o", "bin/x", "-ldflags", "-s -w", "-gcflags=all=-N", "./cmd/x"}, Packages: []string{"./cmd/x"}},
		},
		{
			name: "boolean flags take no next word",
			args: []string{"-v", "-trimpath", "-race", "./..."},
			want: Invocation{GoArgs: []string{"-v", "-trimpath", "-race", "./..."}, Packages: []string{"./..."}, LoadFlags: []string{"-race=true"}},
		},
		{
			name: "tags are taken out and the last -tags wins",
			args: []string{"-tags", "a b", "--tags=c,d", "p"},
			want: Invocation{GoArgs: []string{"p"}, Packages: []string{"p"}, Tags: []string{"c", "d"}, TagsSet: true},
		},
		{
			name: "-C and -overlay are handled by the driver",
			args: []string{"-C", "sub", "-overlay=o.json", "."},
			want: Invocation{GoArgs: []string{"."}, Packages: []string{"."}, Dir: "sub", Overlay: "o.json"},
		},
		{
			name: "tpinstr's own flags are removed, -work is also kept for go",
			args: []string{"-work", "-stats", "-instr.add=example.com/lib/...", "-instr.skip", "./gen/...", "-instr.nocache", "-x", "."},
			want: Invocation{
				GoArgs: []string{"-work", "-x", "."}, Packages: []string{"."},
				Work: true, X: true, Stats: true, NoCache: true,
				Add: []string{"example.com/lib/..."}, Skip: []string{"./gen/..."},
			},
		},
		{
			name: "module flags are also given to the loader",
			args: []string{"-mod=vendor", "-modfile", "alt.mod", "."},
			want: Invocation{GoArgs: []string{"-mod=vendor", "."}, Packages: []string{"."}, LoadFlags: []string{"-mod=vendor"}, Mod: "vendor", ModFile: "alt.mod"},
		},
		{
			name: "flags end at the first package",
			args: []string{"p", "-v"},
			want: Invocation{GoArgs: []string{"p", "-v"}, Packages: []string{"p", "-v"}},
		},
		{
			name: "-- ends the flags",
			args: []string{"-n", "--", "-weird"},
			want: Invocation{GoArgs: []string{"-n", "-weird"}, Packages: []string{"-weird"}, N: true},
		},
		{
			name: "-cover=false is harmless",
			args: []string{"-cover=false", "."},
			want: Invocation{GoArgs: []string{"-cover=false", "."}, Packages: []string{"."}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ParseBuild(tt.args)
			if err != nil {
				t.Fatalf("ParseBuild(%q): %v", tt.args, err)
			}
			tt.want.Command = "build"
			if !reflect.DeepEqual(*got, tt.want) {
				t.Errorf("ParseBuild(%q) =\n%+v\nwant\n%+v", tt.args, *got, tt.want)
			}
		})
	}
}

func TestParseRun(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want Invocation
	}{
		{
			name: "package and arguments, flags after the package belong to the program",
			args: []string{"-race", ".", "-v", "x"},
			want: Invocation{GoArgs: []string{"-race"}, Packages: []string{"."}, Args: []string{"-v", "x"}, LoadFlags: []string{"-race=true"}},
		},
		{
			name: "consecutive .go files form the program",
			args: []string{"a.go", "b.go", "c.txt", "d.go"},
			want: Invocation{Packages: []string{"a.go", "b.go"}, Args: []string{"c.txt", "d.go"}},
		},
		{
			name: "-exec is run by the driver",
			args: []string{"-exec", "env FOO=1", "./cmd/x"},
			want: Invocation{Packages: []string{"./cmd/x"}, Exec: []string{"env", "FOO=1"}},
		},
		{
			name: "a pattern",
			args: []string{"-tags=x", "./testdata/programs/..."},
			want: Invocation{Packages: []string{"./testdata/programs/..."}, Tags: []string{"x"}, TagsSet: true},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ParseRun(tt.args)
			if err != nil {
				t.Fatalf("ParseRun(%q): %v", tt.args, err)
			}
			tt.want.Command = "run"
			if !reflect.DeepEqual(*got, tt.want) {
				t.Errorf("ParseRun(%q) =\n%+v\nwant\n%+v", tt.args, *got, tt.want)
			}
		})
	}
}

func TestParseTest(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want Invocation
	}{
		{
			name: "no arguments",
			args: nil,
			want: Invocation{},
		},
		{
			name: "known flags before and after the packages",
			args: []string{"-v", "./a", "./b", "-run", "TestX", "-count=1"},
			want: Invocation{GoArgs: []string{"-v", "./a", "./b", "-run", "TestX", "-count=1"}, Packages: []string{"./a", "./b"}},
		},
		{
			name: "test. prefix",
			args: []string{"-test.parallel", "4", "-test.v", "."},
			want: Invocation{GoArgs: []string{"-test.parallel", "4", "-test.v", "."}, Packages: []string{"."}, Parallel: true},
		},
		{
			name: "an unknown flag ends the package list; the word after it may be its value",
			args: []string{".", "-myflag", "val", "-v", "rest", "-x"},
			want: Invocation{GoArgs: []string{".", "-myflag", "val", "-v", "rest", "-x"}, Packages: []string{"."}},
		},
		{
			name: "after an unknown -f=value flag a word ends the go flags",
			args: []string{".", "-myflag=1", "pos", "-tags=x"},
			want: Invocation{GoArgs: []string{".", "-myflag=1", "pos", "-tags=x"}, Packages: []string{"."}},
		},
		{
			name: "-args sends everything after it to the test binary",
			args: []string{"./p", "-args", "-stats", "-tags", "x"},
			want: Invocation{GoArgs: []string{"./p", "-args", "-stats", "-tags", "x"}, Packages: []string{"./p"}},
		},
		{
			name: "tpinstr's flags anywhere before -args",
			args: []string{"./p", "-stats", "-instr.skip=./gen/...", "-vet=off", "-tags", "a,b"},
			want: Invocation{GoArgs: []string{"./p", "-vet=off"}, Packages: []string{"./p"}, Stats: true, Skip: []string{"./gen/..."}, Vet: true, Tags: []string{"a", "b"}, TagsSet: true},
		},
		{
			name: "-c and -o",
			args: []string{"-c", "-o", "p.test", "./p"},
			want: Invocation{GoArgs: []string{"-c", "-o", "p.test", "./p"}, Packages: []string{"./p"}},
		},
		{
			name: "-json and -exec stay for go test",
			args: []string{"-json", "-exec", "xprog", "."},
			want: Invocation{GoArgs: []string{"-json", "-exec", "xprog", "."}, Packages: []string{"."}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ParseTest(tt.args)
			if err != nil {
				t.Fatalf("ParseTest(%q): %v", tt.args, err)
			}
			tt.want.Command = "test"
			if !reflect.DeepEqual(*got, tt.want) {
				t.Errorf("ParseTest(%q) =\n%+v\nwant\n%+v", tt.args, *got, tt.want)
			}
		})
	}
}

func TestParseUsageErrors(t *testing.T) {
	tests := []struct {
		name  string
		parse func([]string) (*Invocation, error)
		args  []string
		msg   string // part of the message; "" for a bare usage (help)
	}{
		{"build unknown flag", ParseBuild, []string{"-frobnicate", "."}, "flag provided but not defined: -frobnicate"},
		{"build missing value", ParseBuild, []string{"-o"}, "flag needs an argument: -o"},
		{"build help", ParseBuild, []string{"-h"}, ""},
		{"run -o is not a run flag", ParseRun, []string{"-o", "x", "."}, "flag provided but not defined: -o"},
		{"run nothing to run", ParseRun, []string{"-v"}, "no go files listed"},
		{"test -cover", ParseTest, []string{"-cover", "./..."}, "-cover is not supported"},
		{"test -coverprofile", ParseTest, []string{"./...", "-coverprofile=c.out"}, "golang/go#73802"},
		{"test -test.coverprofile", ParseTest, []string{"-test.coverprofile", "c.out"}, "-coverprofile is not supported"},
		{"build -coverpkg", ParseBuild, []string{"-coverpkg=./...", "."}, "-coverpkg is not supported"},
		{"bad -stats value", ParseBuild, []string{"-stats=maybe", "."}, `invalid boolean value "maybe" for -stats`},
		{"test help", ParseTest, []string{"./p", "-help"}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := tt.parse(tt.args)
			var ue *UsageError
			if !errors.As(err, &ue) {
				t.Fatalf("parse(%q) error = %v, want a *UsageError", tt.args, err)
			}
			if tt.msg == "" && ue.Msg != "" || !strings.Contains(ue.Msg, tt.msg) {
				t.Errorf("parse(%q) message = %q, want it to contain %q", tt.args, ue.Msg, tt.msg)
			}
		})
	}
}
