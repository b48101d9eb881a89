package checkbuild

import (
	"path/filepath"
	"reflect"
	"testing"

	"golang.org/x/tools/go/packages"
)

func TestExeName(t *testing.T) {
	tests := []struct {
		pkg  *packages.Package
		want string
	}{
		{&packages.Package{PkgPath: "example.com/m/cmd/solver"}, "solver"},
		{&packages.Package{PkgPath: "example.com/tool/v2"}, "tool"},
		{&packages.Package{PkgPath: "v2"}, "v2"},
		{&packages.Package{PkgPath: "command-line-arguments", GoFiles: []string{"/m/first.go", "/m/second.go"}}, "first"},
	}
	for _, tt := range tests {
		if got := exeName(tt.pkg); got != tt.want {
			t.Errorf("exeName(%s) = %q, want %q", tt.pkg.PkgPath, got, tt.want)
		}
	}
}

func TestPlanBinaries(t *testing.T) {
	mains := []*packages.Package{
		{PkgPath: "m/norace/slice"},
		{PkgPath: "m/norace/map"},
		{PkgPath: "m/race/slice"},
		{PkgPath: "m/race/map"},
		{PkgPath: "m/explore/slice"},
	}
	exe := filepath.FromSlash("/w/exe")
	bins, rounds := planBinaries(exe, mains)
	wantBins := []string{"/w/exe/0/slice", "/w/exe/0/map", "/w/exe/1/slice", "/w/exe/1/map", "/w/exe/2/slice"}
	for i := range wantBins {
		wantBins[i] = filepath.FromSlash(wantBins[i])
	}
	wantRounds := []buildRound{
		{dir: filepath.FromSlash("/w/exe/0"), pkgs: []string{"m/norace/slice", "m/norace/map"}},
		{dir: filepath.FromSlash("/w/exe/1"), pkgs: []string{"m/race/slice", "m/race/map"}},
		{dir: filepath.FromSlash("/w/exe/2"), pkgs: []string{"m/explore/slice"}},
	}
	if !reflect.DeepEqual(bins, wantBins) || !reflect.DeepEqual(rounds, wantRounds) {
		t.Errorf("planBinaries =\n%q\n%+v\nwant\n%q\n%+v", bins, rounds, wantBins, wantRounds)
	}
}

func TestRaceExitCode(t *testing.T) {
	tests := []struct {
		env  []string
		want int
	}{
		{nil, 66},
		{[]string{"TPINSTR=json=r.jsonl exitcode=3"}, 3},
		{[]string{"TPINSTR=exitcode=3", "TPINSTR="}, 66},
	}
	for _, tt := range tests {
		if got := raceExitCode(tt.env); got != tt.want {
			t.Errorf("raceExitCode(%q) = %d, want %d", tt.env, got, tt.want)
		}
	}
}

func TestMissPatterns(t *testing.T) {
	p := func(id, path string) *packages.Package { return &packages.Package{ID: id, PkgPath: path} }
	tests := []struct {
		name   string
		missed []*packages.Package
		want   []string
	}{
		{"plain packages", []*packages.Package{p("m/a", "m/a"), p("m/b", "m/b")}, []string{"m/a", "m/b"}},
		{"test variants load the package under test once", []*packages.Package{
			p("m/a [m/a.test]", "m/a"), p("m/a_test [m/a.test]", "m/a_test"),
		}, []string{"m/a"}},
		{"a dependency recompiled for a test loads itself", []*packages.Package{p("m/u [m/a.test]", "m/u")}, []string{"m/u"}},
		{"files on the command line", []*packages.Package{p("command-line-arguments", "command-line-arguments")}, []string{"x.go", "y.go"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := missPatterns(tt.missed, []string{"x.go", "y.go"}); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("missPatterns = %q, want %q", got, tt.want)
			}
		})
	}
}
