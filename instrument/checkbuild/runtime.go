package checkbuild

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"go/build/constraint"
	"go/version"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"

	tpinstr "github.com/tpinstr/tpinstr"
	"golang.org/x/mod/modfile"
)

// runtimeModule is the module that provides the runtime packages.
const runtimeModule = tpinstr.ModulePath

// defaultGoLine is the language version the go command assumes for a
// go.mod or go.work without a go directive.
const defaultGoLine = "1.16"

// runtimeSetup is how the checked build links tpinstr's own runtime rather
// than whatever version of it, if any, the user's module graph names: flags
// and environment for every go command of the build, and overlay entries.
type runtimeSetup struct {
	mode    string            // how the runtime is provided, for -x
	dir     string            // the runtime module's directory
	args    []string          // go command flags, before the user's
	env     []string          // environment added to the go command's
	overlay map[string]string // original path -> replacement ("" deletes)
}

// provideRuntime makes the tool's runtime the one every go command of this
// build resolves github.com/tpinstr/tpinstr/rt... to, without writing into
// the user's tree. It writes a copy of the embedded runtime as a module
// (once per content, in tpinstr's cache directory when there is one) and,
// depending on how the go command finds modules here:
//
//   - in a module: a copy of its go.mod (or of the -modfile given) that
//     requires the runtime module and replaces it by the copy, passed with
//     -modfile; the go.sum is copied next to it;
//   - in a go.work workspace: the go.work file with a use of the copy,
//     through the overlay (the go command forbids -modfile there);
//   - outside any module (go run file.go): GOWORK set to a go.work that
//     uses only the copy, which leaves the command-line files where they
//     are;
//   - in GOPATH mode (GO111MODULE=off): the copy's GOPATH tree first in
//     GOPATH;
//   - when the main module or a workspace module is tpinstr's own module:
//     the overlay replaces its runtime files by the tool's, where they
//     differ.
//
// In vendor mode the overlay puts the runtime into the vendor directory
// where the go command accepts it (runtimeInVendor); elsewhere the build
// runs in a workspace outside the user's tree whose vendor directory
// stands for the user's (runtimeInVendorWorkspace).
func (s *session) provideRuntime() error {
	files, err := s.runtimeFiles()
	if err != nil {
		return err
	}
	g := s.genv
	rs := &runtimeSetup{overlay: map[string]string{}}
	s.rt = rs
	goWork := g.GOWORK
	if goWork == "off" {
		goWork = ""
	}
	switch {
	case g.GO111MODULE == "off":
		base, err := s.writeRuntime(files, defaultGoLine, true)
		if err != nil {
			return err
		}
		rs.mode = "GOPATH"
		rs.dir = runtimeModuleDir(base)
		gopath := base
		if g.GOPATH != "" {
			gopath += string(filepath.ListSeparator) + g.GOPATH
		}
		rs.env = append(rs.env, "GOPATH="+gopath)
	case goWork != "":
		return s.runtimeInWorkspace(rs, files, goWork)
	case g.GOMOD == "" || g.GOMOD == os.DevNull:
		base, err := s.writeRuntime(files, tpinstr.GoVersion(), false)
		if err != nil {
			return err
		}
		rs.mode = "no module"
		rs.dir = runtimeModuleDir(base)
		work := filepath.Join(s.work.dir, "mod", "go.work")
		content := fmt.Sprintf("go %s\n\nuse %s\n", tpinstr.GoVersion(), modfile.AutoQuote(rs.dir))
		if err := writeFile(work, []byte(content)); err != nil {
			return err
		}
		rs.env = append(rs.env, "GOWORK="+work)
	default:
		return s.runtimeInModule(rs, files)
	}
	return nil
}

// runtimeInModule provides the runtime to a build in a module (GOMOD set).
func (s *session) runtimeInModule(rs *runtimeSetup, files map[string][]byte) error {
	g := s.genv
	modPath := s.inv.ModFile
	if modPath == "" {
		modPath = goflagsValue(g.GOFLAGS, "modfile")
	}
	if modPath == "" {
		modPath = g.GOMOD
	} else if !filepath.IsAbs(modPath) {
		modPath = filepath.Join(s.dir, modPath)
	}
	data, err := os.ReadFile(modPath)
	if err != nil {
		// The go command says what is wrong with it.
		return s.passModFile(rs)
	}
	mf, err := modfile.Parse(modPath, data, nil)
	if err != nil {
		return s.passModFile(rs)
	}
	root := filepath.Dir(g.GOMOD)
	if mf.Module != nil && mf.Module.Mod.Path == runtimeModule {
		return s.runtimeInSelf(rs, files, root)
	}
	if s.vendorMode(mf, root) {
		return s.runtimeInVendor(rs, files, mf, root, modPath)
	}
	if _, err := s.runtimeFor(rs, files, mf, "module"); err != nil {
		return err
	}
	for _, r := range mf.Replace {
		if r.Old.Path == runtimeModule {
			if err := mf.DropReplace(r.Old.Path, r.Old.Version); err != nil {
				return fmt.Errorf("editing go.mod: %w", err)
			}
		}
	}
	if err := mf.DropRequire(runtimeModule); err != nil {
		return fmt.Errorf("editing go.mod: %w", err)
	}
	mf.AddNewRequire(runtimeModule, "v0.0.0", false)
	if err := mf.AddReplace(runtimeModule, "", rs.dir, ""); err != nil {
		return fmt.Errorf("editing go.mod: %w", err)
	}
	mf.Cleanup()
	out, err := mf.Format()
	if err != nil {
		return fmt.Errorf("editing go.mod: %w", err)
	}
	tmp := filepath.Join(s.work.dir, "mod", "go.mod")
	if err := writeFile(tmp, out); err != nil {
		return err
	}
	sum := strings.TrimSuffix(modPath, ".mod") + ".sum"
	if b, err := os.ReadFile(sum); err == nil {
		if err := writeFile(strings.TrimSuffix(tmp, ".mod")+".sum", b); err != nil {
			return err
		}
	} else if !errors.Is(err, os.ErrNotExist) {
		return fmt.Errorf("reading go.sum: %w", err)
	}
	rs.args = append(rs.args, "-modfile="+tmp)
	if goflagsValue(g.GOFLAGS, "modfile") != "" {
		// The flag replaces GOFLAGS' -modfile, which must go: go/packages
		// runs go list with GO111MODULE=off to learn the Go version, and
		// the go command refuses -modfile there.
		rs.env = append(rs.env, "GOFLAGS="+withoutFlag(g.GOFLAGS, "modfile"))
	}
	return nil
}

// withoutFlag returns a GOFLAGS value without its -name=value words.
func withoutFlag(goflags, name string) string {
	var keep []string
	for _, f := range strings.Fields(goflags) {
		if t := strings.TrimPrefix(strings.TrimPrefix(f, "-"), "-"); !strings.HasPrefix(t, name+"=") {
			keep = append(keep, f)
		}
	}
	return strings.Join(keep, " ")
}

// passModFile passes the user's -modfile, if any, on unchanged, for the go
// command to report what is wrong.
func (s *session) passModFile(rs *runtimeSetup) error {
	rs.mode = "unchanged"
	if s.inv.ModFile != "" {
		rs.args = append(rs.args, "-modfile="+s.inv.ModFile)
	}
	return nil
}

// vendorMode reports whether the go command would build from the vendor
// directory: -mod=vendor, or no -mod flag, a go version of 1.14 or later
// and a vendor directory that was not made for a workspace (cmd/go's
// modload.setDefaultBuildMod).
func (s *session) vendorMode(mf *modfile.File, root string) bool {
	mod := s.inv.Mod
	if mod == "" {
		mod = goflagsValue(s.genv.GOFLAGS, "mod")
	}
	if mod != "" {
		return mod == "vendor"
	}
	if mf.Go == nil || version.Compare("go"+mf.Go.Version, "go1.14") < 0 {
		return false
	}
	vendor := filepath.Join(root, "vendor")
	fi, err := os.Stat(vendor)
	return err == nil && fi.IsDir() && !modulesTxtForWorkspace(vendor)
}

// runtimeInVendor provides the runtime to a build in vendor mode. The go
// command reads vendor/modules.txt from disk, not through the overlay
// (cmd/go/internal/modload.readVendorList uses os.ReadFile), so the
// overlay can put the runtime only where the go command accepts packages
// from the vendor directory without a line in modules.txt: in a module
// whose go version is older than 1.23, any directory of the vendor tree.
// The overlay then puts the tool's runtime files there, each with a build
// constraint on the runtime's Go version, since a vendored package is
// compiled with its module's. A newer module in vendor mode gets the
// runtime through a workspace (runtimeInVendorWorkspace), also when it
// vendors a version of tpinstr's module: the go command would ignore the
// runtime's packages that its modules.txt does not list (the runtime's
// own, newer than the vendored copy's, and the site packages of the
// rewrite).
func (s *session) runtimeInVendor(rs *runtimeSetup, files map[string][]byte, mf *modfile.File, root, modPath string) error {
	vendor := filepath.Join(root, "vendor")
	old := mf.Go == nil || version.Compare("go"+mf.Go.Version, "go1.23") < 0
	if !old {
		return s.runtimeInVendorWorkspace(rs, files, mf, root, modPath)
	}
	own := tpinstr.GoVersion()
	constrained := map[string][]byte{}
	for name, b := range files {
		if own != "" && strings.HasSuffix(name, ".go") {
			var err error
			if b, err = requireGoVersion(b, version.Lang("go"+own)); err != nil {
				return fmt.Errorf("runtime file %s: %w", name, err)
			}
		}
		constrained[name] = b
	}
	if err := s.runtimeInSelf(rs, constrained, filepath.Join(vendor, filepath.FromSlash(runtimeModule))); err != nil {
		return err
	}
	rs.mode = "vendor"
	return nil
}

// runtimeInWorkspace provides the runtime to a build in a workspace.
func (s *session) runtimeInWorkspace(rs *runtimeSetup, files map[string][]byte, goWork string) error {
	data, err := os.ReadFile(goWork)
	if err != nil {
		return s.passModFile(rs)
	}
	wf, err := modfile.ParseWork(goWork, data, nil)
	if err != nil {
		return s.passModFile(rs)
	}
	for _, u := range wf.Use {
		dir := u.Path
		if !filepath.IsAbs(dir) {
			dir = filepath.Join(filepath.Dir(goWork), dir)
		}
		if p, err := modulePathOf(filepath.Join(dir, "go.mod")); err == nil && p == runtimeModule {
			return s.runtimeInSelf(rs, files, dir)
		}
	}
	if s.inv.ModFile != "" {
		// The go command refuses -modfile in a workspace; let it say so.
		rs.args = append(rs.args, "-modfile="+s.inv.ModFile)
	}
	goLine := defaultGoLine
	if wf.Go != nil {
		goLine = wf.Go.Version
	}
	base, err := s.writeRuntime(files, goLine, false)
	if err != nil {
		return err
	}
	rs.dir = runtimeModuleDir(base)
	rs.mode = "workspace"
	if err := wf.AddUse(rs.dir, runtimeModule); err != nil {
		return fmt.Errorf("editing go.work: %w", err)
	}
	wf.Cleanup()
	return s.work.add(goWork, modfile.Format(wf.Syntax))
}

// runtimeInSelf provides the runtime when tpinstr's own module, at dir, is
// a main module: the overlay replaces each runtime file whose content
// differs from the tool's, adds the missing ones and deletes the runtime's
// other Go files for the go command.
func (s *session) runtimeInSelf(rs *runtimeSetup, files map[string][]byte, dir string) error {
	rs.mode = "own module"
	rs.dir = dir
	onDisk := map[string]bool{}
	rtDir := filepath.Join(dir, filepath.FromSlash(tpinstr.RuntimeDir))
	err := filepath.WalkDir(rtDir, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if n := d.Name(); p != rtDir && (n == "testdata" || strings.HasPrefix(n, ".") || strings.HasPrefix(n, "_")) {
				return filepath.SkipDir
			}
			return nil
		}
		if strings.HasSuffix(p, ".go") && !strings.HasSuffix(p, "_test.go") {
			onDisk[p] = true
		}
		return nil
	})
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		return fmt.Errorf("reading %s: %w", rtDir, err)
	}
	for _, name := range sortedKeys(files) {
		p := filepath.Join(dir, filepath.FromSlash(name))
		delete(onDisk, p)
		if b, err := os.ReadFile(p); err == nil && bytes.Equal(b, files[name]) {
			continue
		}
		if err := s.work.add(p, files[name]); err != nil {
			return err
		}
	}
	for _, p := range sortedKeys(onDisk) {
		rs.overlay[p] = ""
	}
	return nil
}

// runtimeFiles returns the runtime's files: the Driver's, or the ones
// embedded in tpinstr.
func (s *session) runtimeFiles() (map[string][]byte, error) {
	if s.d.RuntimeFiles != nil {
		return s.d.RuntimeFiles, nil
	}
	return tpinstr.RuntimeFiles()
}

// writeRuntime writes files as the runtime module with a go directive of
// goLine (at most the runtime's own version) and returns the base
// directory: the module is runtimeModuleDir(base), a GOPATH layout. When
// goLine is older than the version the runtime is written in, every file
// gets a //go:build constraint on that version, which makes it the file's
// language version (the module's go line must not be newer than the main
// module's). The copy goes to tpinstr's cache directory, named by a hash of
// its content, so that the go command's build cache recognizes it from one
// build to the next; without a cache directory, to the work directory.
func (s *session) writeRuntime(files map[string][]byte, goLine string, gopath bool) (string, error) {
	own := tpinstr.GoVersion()
	if own != "" && version.Compare("go"+goLine, "go"+own) > 0 || !version.IsValid("go"+goLine) {
		goLine = own
	}
	out := map[string][]byte{}
	for name, b := range files {
		if goLine != own && own != "" && strings.HasSuffix(name, ".go") {
			var err error
			if b, err = requireGoVersion(b, version.Lang("go"+own)); err != nil {
				return "", fmt.Errorf("runtime file %s: %w", name, err)
			}
		}
		out[name] = b
	}
	out["go.mod"] = fmt.Appendf(nil, "module %s\n\ngo %s\n", runtimeModule, goLine)
	h := sha256.New()
	writeStrings(h, "tpinstr-runtime-v1")
	for _, name := range sortedKeys(out) {
		writeStrings(h, name, string(out[name]))
	}
	id := hex.EncodeToString(h.Sum(nil))[:24]

	parent := filepath.Join(s.work.dir, "runtime")
	if dir, err := CacheDir(s.env); err == nil && dir != "" {
		parent = filepath.Join(dir, "runtime")
	}
	base := filepath.Join(parent, id)
	if fileExists(filepath.Join(runtimeModuleDir(base), "go.mod")) {
		touchTree(base)
		return base, nil
	}
	if err := os.MkdirAll(parent, 0o777); err == nil {
		if err := writeTree(parent, base, out); err == nil {
			return base, nil
		}
	}
	// The cache directory is not writable: use the work directory.
	base = filepath.Join(s.work.dir, "runtime", id)
	if err := os.MkdirAll(filepath.Dir(base), 0o777); err != nil {
		return "", fmt.Errorf("writing the runtime: %w", err)
	}
	if err := writeTree(filepath.Dir(base), base, out); err != nil {
		return "", fmt.Errorf("writing the runtime: %w", err)
	}
	return base, nil
}

// runtimeModuleDir returns the directory of the runtime module in the tree
// written by writeRuntime.
func runtimeModuleDir(base string) string {
	return filepath.Join(base, "src", filepath.FromSlash(runtimeModule))
}

// writeTree writes files under a temporary directory in parent and renames
// it to base, so that concurrent commands never see half a tree. If base
// appeared in the meantime, the other command's tree is kept.
func writeTree(parent, base string, files map[string][]byte) error {
	tmp, err := os.MkdirTemp(parent, ".tmp-")
	if err != nil {
		return err
	}
	mod := runtimeModuleDir(tmp)
	for name, b := range files {
		if err := writeFile(filepath.Join(mod, filepath.FromSlash(name)), b); err != nil {
			os.RemoveAll(tmp)
			return err
		}
	}
	if err := os.Rename(tmp, base); err != nil {
		os.RemoveAll(tmp)
		if fileExists(filepath.Join(runtimeModuleDir(base), "go.mod")) {
			return nil
		}
		return err
	}
	return nil
}

// requireGoVersion adds "&& lang" to the file's //go:build constraint, or
// a constraint "lang" where it has none.
func requireGoVersion(src []byte, lang string) ([]byte, error) {
	lines := strings.SplitAfter(string(src), "\n")
	for i, l := range lines {
		t := strings.TrimSpace(l)
		if strings.HasPrefix(t, "package ") {
			break
		}
		if constraint.IsGoBuild(t) {
			expr, err := constraint.Parse(t)
			if err != nil {
				return nil, err
			}
			lines[i] = "//go:build " + (&constraint.AndExpr{X: expr, Y: &constraint.TagExpr{Tag: lang}}).String() + "\n"
			return []byte(strings.Join(lines, "")), nil
		}
	}
	return append([]byte("//go:build "+lang+"\n\n"), src...), nil
}

// modulePathOf returns the module path that the go.mod file declares.
func modulePathOf(gomod string) (string, error) {
	b, err := os.ReadFile(gomod)
	if err != nil {
		return "", err
	}
	p := modfile.ModulePath(b)
	if p == "" {
		return "", fmt.Errorf("%s: no module directive", gomod)
	}
	return p, nil
}

// writeFile writes b to name, creating its directory.
func writeFile(name string, b []byte) error {
	if err := os.MkdirAll(filepath.Dir(name), 0o777); err != nil {
		return fmt.Errorf("work directory: %w", err)
	}
	if err := os.WriteFile(name, b, 0o666); err != nil {
		return fmt.Errorf("work directory: %w", err)
	}
	return nil
}

// goflagsValue returns the value of the last -name=value in a GOFLAGS
// value, or "".
func goflagsValue(goflags, name string) string {
	v := ""
	for _, f := range strings.Fields(goflags) {
		f = strings.TrimPrefix(strings.TrimPrefix(f, "-"), "-")
		if val, ok := strings.CutPrefix(f, name+"="); ok {
			v = val
		}
	}
	return v
}

// describe returns the runtime setup as -x prints it.
func (rs *runtimeSetup) describe() string {
	var parts []string
	parts = append(parts, fmt.Sprintf("runtime %s from %s (%s)", path.Join(runtimeModule, tpinstr.RuntimeDir), rs.dir, rs.mode))
	parts = append(parts, rs.env...)
	parts = append(parts, rs.args...)
	del := 0
	for _, to := range rs.overlay {
		if to == "" {
			del++
		}
	}
	if del > 0 {
		parts = append(parts, fmt.Sprintf("overlay deletes %d runtime files", del))
	}
	sort.Strings(parts[1:])
	return strings.Join(parts, "; ")
}

// runtimeFor writes the runtime module for a user module whose go.mod is
// mf, at its go version (or the default one), which it returns, and
// records it in rs, set up in the given mode.
func (s *session) runtimeFor(rs *runtimeSetup, files map[string][]byte, mf *modfile.File, mode string) (string, error) {
	goLine := defaultGoLine
	if mf.Go != nil {
		goLine = mf.Go.Version
	}
	base, err := s.writeRuntime(files, goLine, false)
	if err != nil {
		return "", err
	}
	rs.dir = runtimeModuleDir(base)
	rs.mode = mode
	return goLine, nil
}
