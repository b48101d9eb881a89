package checkbuild

import (
	"path/filepath"
	"sort"
	"strings"

	"golang.org/x/tools/go/packages"
)

// runtimePath is the root of tpinstr's runtime packages, which are never
// rewritten even when they are in the main module: rewritten code calls
// them, and hooks in them would report the checker's own accesses.
const runtimePath = "github.com/tpinstr/tpinstr/rt"

// scope decides which packages of a build are rewritten: by default those of
// the main module (all modules of a workspace), plus those matching an
// -instr.add pattern, minus those matching an -instr.skip pattern. Packages
// of the standard library and of the module cache are never rewritten: the
// go command does not apply an overlay to files in the module cache, and
// the standard library is not the user's code.
type scope struct {
	add, skip []pkgMatcher
	goroot    string
	modcache  string
	cwd       string // the working directory
}

// rewritable reports whether the files of p are rewritten. It also reports
// whether an -instr.add pattern asked for p although it cannot be.
func (s *scope) rewritable(p *packages.Package) (ok, refusedAdd bool) {
	dir := pkgDir(p)
	switch {
	case dir == "" || isTestMain(p):
		return false, false
	case p.PkgPath == runtimePath || strings.HasPrefix(p.PkgPath, runtimePath+"/"):
		return false, false
	case s.goroot != "" && within(dir, filepath.Join(s.goroot, "src")):
		return false, false
	case s.modcache != "" && within(dir, s.modcache):
		return false, anyMatch(s.add, p.PkgPath, dir) && !anyMatch(s.skip, p.PkgPath, dir)
	case anyMatch(s.skip, p.PkgPath, dir):
		return false, false
	}
	return s.userPackage(p, dir) || anyMatch(s.add, p.PkgPath, dir), false
}

// userPackage reports whether p is the user's own code: a package of a main
// module or, where there are no modules (files named on the command line
// outside a module, GOPATH mode), files named on the command line or a
// package below the working directory.
func (s *scope) userPackage(p *packages.Package, dir string) bool {
	if p.Module != nil {
		return p.Module.Main
	}
	return p.PkgPath == "command-line-arguments" || (s.cwd != "" && within(dir, s.cwd))
}

// choose returns the packages to hand to the rewriter, one per import path,
// in import path order, and the paths an -instr.add asked for but that
// cannot be rewritten.
//
// An overlay replaces a file for every build of it, but with tests a package
// is loaded in several variants: p, and p [p.test] which adds p's _test.go
// files. choose keeps the variant with the most files, so each file is
// rewritten once with everything that is compiled with it in view.
func (s *scope) choose(all []*packages.Package) (chosen []*packages.Package, refused []string) {
	best := map[string]*packages.Package{}
	refusedSet := map[string]bool{}
	for _, p := range all {
		ok, ref := s.rewritable(p)
		if ref && !refusedSet[p.PkgPath] {
			refusedSet[p.PkgPath] = true
			refused = append(refused, p.PkgPath)
		}
		if !ok {
			continue
		}
		if b, seen := best[p.PkgPath]; !seen || betterVariant(p, b) {
			best[p.PkgPath] = p
		}
	}
	for _, p := range best {
		chosen = append(chosen, p)
	}
	sort.Slice(chosen, func(i, j int) bool { return chosen[i].PkgPath < chosen[j].PkgPath })
	sort.Strings(refused)
	return chosen, refused
}

// betterVariant reports whether p should be rewritten rather than q, another
// variant of the same package: the one with more files, else the plain one.
func betterVariant(p, q *packages.Package) bool {
	if np, nq := len(p.CompiledGoFiles), len(q.CompiledGoFiles); np != nq {
		return np > nq
	}
	return len(p.ID) < len(q.ID)
}

// isTestMain reports whether p is the generated main package of a test
// binary (ID "p.test"), whose files are in the go build cache.
func isTestMain(p *packages.Package) bool {
	return p.Name == "main" && strings.HasSuffix(p.ID, ".test") && !strings.Contains(p.ID, " ")
}

// pkgDir returns the directory of p's source files, or "" if it has none.
func pkgDir(p *packages.Package) string {
	if len(p.GoFiles) > 0 {
		return filepath.Dir(p.GoFiles[0])
	}
	if len(p.CompiledGoFiles) > 0 {
		return filepath.Dir(p.CompiledGoFiles[0])
	}
	return ""
}

// within reports whether path is dir or inside it.
func within(path, dir string) bool {
	rel, err := filepath.Rel(dir, path)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) && !filepath.IsAbs(rel)
}
