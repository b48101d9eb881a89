package checkbuild

import (
	"path/filepath"
	"reflect"
	"testing"

	"golang.org/x/tools/go/packages"
)

func TestScope(t *testing.T) {
	root := filepath.FromSlash("/src/m")
	goroot := filepath.FromSlash("/usr/local/go")
	modcache := filepath.FromSlash("/home/u/go/pkg/mod")
	mainMod := &packages.Module{Path: "example.com/m", Main: true}
	pkg := func(id, path, name, dir string, mod *packages.Module, files ...string) *packages.Package {
		p := &packages.Package{ID: id, PkgPath: path, Name: name, Module: mod}
		for _, f := range files {
			p.GoFiles = append(p.GoFiles, filepath.Join(filepath.FromSlash(dir), f))
		}
		p.CompiledGoFiles = p.GoFiles
		return p
	}
	var (
		app      = pkg("example.com/m/app", "example.com/m/app", "main", "/src/m/app", mainMod, "main.go")
		lib      = pkg("example.com/m/lib", "example.com/m/lib", "lib", "/src/m/lib", mainMod, "lib.go")
		libTest  = pkg("example.com/m/lib [example.com/m/lib.test]", "example.com/m/lib", "lib", "/src/m/lib", mainMod, "lib.go", "lib_test.go")
		libXTest = pkg("example.com/m/lib_test [example.com/m/lib.test]", "example.com/m/lib_test", "lib_test", "/src/m/lib", mainMod, "x_test.go")
		testMain = pkg("example.com/m/lib.test", "example.com/m/lib.test", "main", "/home/u/.cache/go-build/ab", nil, "abc-d")
		gen      = pkg("example.com/m/gen", "example.com/m/gen", "gen", "/src/m/gen", mainMod, "gen.go")
		std      = pkg("fmt", "fmt", "fmt", "/usr/local/go/src/fmt", nil, "print.go")
		cached   = pkg("example.com/dep", "example.com/dep", "dep", "/home/u/go/pkg/mod/example.com/dep@v1.0.0", &packages.Module{Path: "example.com/dep", Version: "v1.0.0"}, "dep.go")
		local    = pkg("example.com/fork", "example.com/fork", "fork", "/src/fork", &packages.Module{Path: "example.com/fork", Replace: &packages.Module{Path: "../fork"}}, "fork.go")
		rt       = pkg(runtimePath, runtimePath, "rt", "/src/tpinstr/rt", mainMod, "hooks.go")
		rtTask   = pkg(runtimePath+"/task", runtimePath+"/task", "task", "/src/tpinstr/rt/task", mainMod, "task.go")
		noFiles  = pkg("example.com/m/empty", "example.com/m/empty", "empty", "", mainMod)
	)
	all := []*packages.Package{std, cached, local, rt, rtTask, lib, libTest, libXTest, gen, app, testMain, noFiles}
	ids := func(ps []*packages.Package) []string {
		var s []string
		for _, p := range ps {
			s = append(s, p.ID)
		}
		return s
	}
	tests := []struct {
		name        string
		add, skip   []string
		want        []string
		wantRefused []string
	}{
		{
			name: "main module by default, test variants preferred",
			want: []string{"example.com/m/app", "example.com/m/gen", "example.com/m/lib [example.com/m/lib.test]", "example.com/m/lib_test [example.com/m/lib.test]"},
		},
		{
			name: "skip by directory and by import path",
			skip: []string{"./gen/...", "example.com/m/lib_test"},
			want: []string{"example.com/m/app", "example.com/m/lib [example.com/m/lib.test]"},
		},
		{
			name: "add a replaced local module; the module cache, std and rt stay out",
			add:  []string{"example.com/...", "fmt", runtimePath + "/..."},
			want: []string{"example.com/fork", "example.com/m/app", "example.com/m/gen", "example.com/m/lib [example.com/m/lib.test]", "example.com/m/lib_test [example.com/m/lib.test]"},
			// example.com/dep was asked for but is in the module cache.
			wantRefused: []string{"example.com/dep"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sc := &scope{goroot: goroot, modcache: modcache}
			for _, p := range tt.add {
				sc.add = append(sc.add, newMatcher(p, root))
			}
			for _, p := range tt.skip {
				sc.skip = append(sc.skip, newMatcher(p, root))
			}
			chosen, refused := sc.choose(all)
			if got := ids(chosen); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("chosen %q, want %q", got, tt.want)
			}
			if !reflect.DeepEqual(refused, tt.wantRefused) {
				t.Errorf("refused %q, want %q", refused, tt.wantRefused)
			}
		})
	}
}

// TestScopeWithoutModules checks the packages rewritten where there are no
// modules: files named on the command line, and packages below the working
// directory, but not the standard library or other GOPATH packages.
func TestScopeWithoutModules(t *testing.T) {
	sc := &scope{goroot: filepath.FromSlash("/usr/local/go"), cwd: filepath.FromSlash("/home/u/go/src/example.com/app")}
	tests := []struct {
		id, path, dir string
		want          bool
	}{
		{"command-line-arguments", "command-line-arguments", "/tmp/x", true},
		{"example.com/app", "example.com/app", "/home/u/go/src/example.com/app", true},
		{"example.com/app/lib", "example.com/app/lib", "/home/u/go/src/example.com/app/lib", true},
		{"example.com/other", "example.com/other", "/home/u/go/src/example.com/other", false},
		{"fmt", "fmt", "/usr/local/go/src/fmt", false},
	}
	for _, tt := range tests {
		p := &packages.Package{ID: tt.id, PkgPath: tt.path, Name: "p", GoFiles: []string{filepath.Join(filepath.FromSlash(tt.dir), "a.go")}}
		if got, _ := sc.rewritable(p); got != tt.want {
			t.Errorf("rewritable(%s in %s) = %v, want %v", tt.path, tt.dir, got, tt.want)
		}
	}
}
