package checkbuild

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"golang.org/x/tools/go/packages"
)

// session is the state of one tpinstr command while it runs.
type session struct {
	d   *Driver
	inv *Invocation
	ctx context.Context
	sup *supervisor

	dir  string   // absolute working directory, after -C
	env  []string // environment of child processes
	genv *goEnv
	tags string // the -tags value of the checked build

	rt          *runtimeSetup // how the build gets tpinstr's runtime
	work        *workDir
	overlayPath string            // the merged overlay.json
	userReplace map[string]string // the user's -overlay entries
	src         *sources

	patterns []string            // the package patterns loaded
	roots    []*packages.Package // the packages they name, loaded in listMode
	all      []*packages.Package // roots and their dependencies
	chosen   []*packages.Package // the packages to rewrite
}

// start does everything the three commands share: it loads the packages,
// rewrites those in scope (or takes them from the cache), and writes the
// work directory and its overlay. A non-zero status means the command must
// stop with it; its reasons have been printed.
func (s *session) start() (int, error) {
	d, inv := s.d, s.inv
	if err := s.setup(); err != nil {
		return 0, err
	}
	work, err := newWorkDir(d.TempDir)
	if err != nil {
		return 0, err
	}
	s.work = work
	if inv.Work {
		fmt.Fprintf(d.Stderr, "TPINSTR_WORK=%s\n", work.dir)
	}
	replace, contents, err := readUserOverlay(inv.Overlay, s.dir)
	if err != nil {
		return 0, err
	}
	s.userReplace = replace
	s.src = newSources(contents)
	if err := s.provideRuntime(); err != nil {
		return 0, err
	}
	s.logf("%s", s.rt.describe())
	contents = s.loadOverlay(contents)
	s.src = newSources(contents)

	ld := &loader{ctx: s.ctx, dir: s.dir, env: s.goEnv(), tests: inv.Command == "test", overlay: contents,
		flags: append(append([]string{"-tags=" + s.tags}, s.rt.args...), inv.LoadFlags...)}
	if status, err := s.list(ld); err != nil || status != 0 {
		return status, err
	}
	sc := s.scope()
	chosen, refused := sc.choose(s.all)
	s.chosen = chosen
	for _, p := range refused {
		fmt.Fprintf(d.Stderr, "tpinstr: warning: %s is in the module cache, which cannot be overlaid; it is not rewritten (replace its module with a local copy to check it)\n", p)
	}
	if err := overlaidFiles(chosen, s.userReplace); err != nil {
		return 0, err
	}
	rw := &rewriting{s: s, cache: s.openCache()}
	results, status, err := rw.rewrite(ld, chosen)
	if err != nil || status != 0 {
		return status, err
	}
	if err := s.writeWork(results, sc); err != nil {
		return 0, err
	}
	if inv.Stats {
		printStats(d.Stderr, results)
	}
	return 0, nil
}

// list loads the packages of the command line and their dependencies in
// listMode. Errors that go list finds (missing packages, imports that
// resolve nowhere) are printed, with status 1.
func (s *session) list(ld *loader) (int, error) {
	s.patterns = s.inv.Packages
	if len(s.patterns) == 0 {
		s.patterns = []string{"."}
	}
	if s.inv.Command == "run" && len(s.patterns) == 1 && isManyPattern(s.patterns[0]) {
		var err error
		if s.patterns, err = expandLocal(s.patterns[0], s.dir); err != nil {
			return 0, err
		}
	}
	var err error
	r := s.work.mapper(s.dir)
	if s.roots, err = ld.load(listMode, s.patterns); err != nil {
		var ge *goError
		if errors.As(err, &ge) {
			ge.msg = r.Replace(ge.msg)
		}
		return 0, err
	}
	s.all = allPackages(s.roots)
	w := newMapWriter(s.d.Stderr, r)
	found := reportErrors(w, s.all, s.dir)
	if err := w.Flush(); err != nil {
		return 0, err
	}
	if found {
		return 1, nil
	}
	return 0, nil
}

// writeWork writes the rewritten files, the generated test mains and the
// overlay to the work directory.
func (s *session) writeWork(results []pkgResult, sc *scope) error {
	for _, r := range results {
		for _, f := range r.result.Files {
			if err := s.work.add(f.Path, f.Content); err != nil {
				return err
			}
		}
		for _, g := range r.result.Generated {
			if err := s.addGenerated(g); err != nil {
				return err
			}
		}
	}
	mains, err := cgoMains(s.chosen, s.runtimePath())
	if err != nil {
		return err
	}
	for _, f := range mains {
		if _, done := s.work.replace[f.Path]; done {
			continue // the rewriter changed the file itself
		}
		if err := s.work.add(f.Path, f.Content); err != nil {
			return err
		}
	}
	if s.inv.Command == "test" {
		gen, err := testMains(s.all, sc, s.src, s.runtimePath())
		if err != nil {
			return err
		}
		for _, g := range gen {
			if err := s.work.add(g.Path, g.Content); err != nil {
				return err
			}
		}
	}
	s.overlayPath, err = s.work.writeOverlay(s.userReplace, s.rt.overlay)
	return err
}

// addGenerated adds a generated file to the overlay, in the directory of
// its package in the runtime module that the build uses.
func (s *session) addGenerated(g GeneratedFile) error {
	rel, ok := strings.CutPrefix(g.ImportPath, runtimeModule+"/")
	if !ok || g.Name != filepath.Base(g.Name) || !strings.HasSuffix(g.Name, ".go") {
		return fmt.Errorf("the rewriter generated %s in package %s, which is not in the runtime's module", g.Name, g.ImportPath)
	}
	if s.rt.dir == "" {
		return nil // the go command fails to read the go.mod, and says why
	}
	return s.work.add(filepath.Join(s.rt.dir, filepath.FromSlash(rel), g.Name), g.Content)
}

// goEnv returns the environment of the go commands of the build: the
// user's, with what provides the runtime.
func (s *session) goEnv() []string {
	return append(append([]string(nil), s.env...), s.rt.env...)
}

// loadOverlay returns the overlay of the loader: the user's contents and
// the files the driver has written so far (those that provide the
// runtime). Deletions cannot be given to the loader; they only concern the
// runtime, which is not rewritten.
func (s *session) loadOverlay(user map[string][]byte) map[string][]byte {
	if len(s.work.replace) == 0 {
		return user
	}
	o := map[string][]byte{}
	for k, v := range user {
		o[k] = v
	}
	for from, to := range s.work.replace {
		if b, err := os.ReadFile(to); err == nil {
			o[from] = b
		}
	}
	return o
}

// overlaidFiles refuses a user's -overlay that replaces or adds a file of a
// package to rewrite: the rewriter reads the original file from disk, so it
// would rewrite the wrong text. Overlays of other packages are fine.
func overlaidFiles(chosen []*packages.Package, replace map[string]string) error {
	for _, p := range chosen {
		for _, f := range append(append([]string(nil), p.GoFiles...), p.CompiledGoFiles...) {
			if _, ok := replace[f]; ok {
				return fmt.Errorf("-overlay replaces %s, a file of %s, which tpinstr rewrites; exclude the package with -instr.skip", f, p.PkgPath)
			}
		}
	}
	return nil
}

// setup finds the working directory, the environment and the go
// command's settings.
func (s *session) setup() error {
	d := s.d
	dir := d.Dir
	if dir == "" {
		wd, err := os.Getwd()
		if err != nil {
			return err
		}
		dir = wd
	}
	if s.inv.Dir != "" {
		if filepath.IsAbs(s.inv.Dir) {
			dir = s.inv.Dir
		} else {
			dir = filepath.Join(dir, s.inv.Dir)
		}
		if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
			return fmt.Errorf("-C %s: not a directory", s.inv.Dir)
		}
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return err
	}
	s.dir = abs
	s.env = d.Env
	if s.env == nil {
		s.env = os.Environ()
	}
	if s.genv, err = readGoEnv(s.ctx, s.dir, s.env); err != nil {
		return err
	}
	tags := s.inv.Tags
	if !s.inv.TagsSet {
		tags = goflagsTags(s.genv.GOFLAGS)
	}
	s.tags = mergeTags(tags)
	return nil
}

// scope returns the rule for which packages are rewritten.
func (s *session) scope() *scope {
	sc := &scope{goroot: s.genv.GOROOT, modcache: s.genv.GOMODCACHE, cwd: s.dir}
	for _, p := range s.inv.Add {
		sc.add = append(sc.add, newMatcher(p, s.dir))
	}
	for _, p := range s.inv.Skip {
		sc.skip = append(sc.skip, newMatcher(p, s.dir))
	}
	return sc
}

// openCache returns the cache, or nil when it is off (-instr.nocache,
// TPINSTRCACHE=off, or no directory for it).
func (s *session) openCache() *cache {
	if s.inv.NoCache {
		return nil
	}
	dir, err := CacheDir(s.env)
	if err != nil {
		fmt.Fprintf(s.d.Stderr, "tpinstr: warning: cache off: %v\n", err)
		return nil
	}
	return openCache(dir)
}

func (s *session) runtimePath() string {
	if s.d.RuntimePath != "" {
		return s.d.RuntimePath
	}
	return DefaultRuntimePath
}

// logf prints a step of the command when -x asked for them.
func (s *session) logf(format string, args ...any) {
	if s.inv.X {
		fmt.Fprintf(s.d.Stderr, "# tpinstr: "+format+"\n", args...)
	}
}

// display returns how the command's output names a package: ./dir relative
// to the working directory when it is below it, else its import path.
func (s *session) display(p *packages.Package) string {
	if dir := pkgDir(p); dir != "" && within(dir, s.dir) {
		rel, err := filepath.Rel(s.dir, dir)
		if err == nil {
			if rel == "." {
				return "."
			}
			return "./" + filepath.ToSlash(rel)
		}
	}
	return p.PkgPath
}
