package checkbuild

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"golang.org/x/mod/modfile"
	"golang.org/x/mod/module"
)

// runtimeInVendorWorkspace provides the runtime to a module built in vendor
// mode with a go version of 1.23 or later. There the go command takes a
// package from the vendor directory only if vendor/modules.txt lists it,
// and it reads that file from disk, not through the overlay; so the
// runtime cannot be added to the user's vendor directory without writing
// into the user's tree.
//
// Instead the build runs in a workspace that tpinstr makes outside the
// user's tree (GOWORK): its go.work uses the user's module and the runtime
// module, with the go, toolchain, godebug and replace lines of the user's
// go.mod, and its vendor directory, the one the go command reads in
// workspace mode, holds a copy of the user's vendor/modules.txt marked
// "## workspace" and, for every other entry of the user's vendor
// directory, a symbolic link to it. The go command still builds in vendor
// mode, checks the same consistency between go.mod and modules.txt, takes
// the same vendored packages (from the user's files, through the links),
// reaches no network and writes no go.mod; the runtime module is a module
// of the workspace, which needs no line in modules.txt. A -modfile given by
// the user, which the go command refuses in a workspace, becomes an overlay
// of the user's go.mod with its content. When the module requires or
// replaces tpinstr's module (and so vendors some version of it), the
// overlaid go.mod drops those lines and the workspace's modules.txt the
// vendored copy: the workspace's runtime module stands for it.
//
// The workspace goes to tpinstr's cache directory, named by a hash of what
// it holds, so that the go command's build cache, whose keys include the
// directories of the vendored packages, keeps them compiled from one build
// to the next. Paths of the workspace's vendor directory in the go
// command's output are mapped back to the user's.
func (s *session) runtimeInVendorWorkspace(rs *runtimeSetup, files map[string][]byte, mf *modfile.File, root, modPath string) error {
	goLine, err := s.runtimeFor(rs, files, mf, "vendor workspace")
	if err != nil {
		return err
	}

	vendor := filepath.Join(root, "vendor")
	entries, err := os.ReadDir(vendor)
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		return fmt.Errorf("reading the vendor directory: %w", err)
	}
	txt, err := os.ReadFile(filepath.Join(vendor, "modules.txt"))
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		return fmt.Errorf("reading vendor/modules.txt: %w", err)
	}
	var links []string
	for _, e := range entries {
		if e.Name() != "modules.txt" {
			links = append(links, e.Name())
		}
	}
	work := vendorWorkFile(mf, goLine, root, rs.dir)

	h := sha256.New()
	writeStrings(h, "tpinstr-vendor-workspace-v1", root, string(work), string(txt))
	writeStrings(h, links...)
	id := hex.EncodeToString(h.Sum(nil))[:24]
	ws, err := s.writeVendorWorkspace(id, func(ws string) map[string][]byte {
		return map[string][]byte{
			"go.work":            work,
			"vendor/modules.txt": workspaceModulesTxt(txt),
		}
	}, vendor, links)
	if err != nil {
		return err
	}
	rs.env = append(rs.env, "GOWORK="+filepath.Join(ws, "go.work"))
	// The go command prints a file below the working directory relative
	// to it, as it would the user's vendored file.
	wsVendor := filepath.Join(ws, "vendor")
	if rel, err := filepath.Rel(s.dir, vendor); err == nil && len(rel) < len(vendor) {
		s.work.alias(wsVendor+string(filepath.Separator), rel+string(filepath.Separator))
	}
	s.work.alias(wsVendor, vendor)
	s.work.alias(ws, root)
	for _, p := range workspacePhrases {
		s.work.alias(p[0], p[1])
	}

	if g := s.genv; modPath != g.GOMOD || requiresRuntime(mf) {
		b, err := os.ReadFile(modPath)
		if err != nil {
			return fmt.Errorf("reading -modfile: %w", err)
		}
		if requiresRuntime(mf) {
			if b, err = withoutRuntime(mf); err != nil {
				return err
			}
		}
		if err := s.work.add(g.GOMOD, b); err != nil {
			return err
		}
	}
	if goflagsValue(s.genv.GOFLAGS, "modfile") != "" {
		rs.env = append(rs.env, "GOFLAGS="+withoutFlag(s.genv.GOFLAGS, "modfile"))
	}
	return nil
}

// requiresRuntime reports whether the go.mod mf requires or replaces the
// runtime's module.
func requiresRuntime(mf *modfile.File) bool {
	for _, r := range mf.Require {
		if r.Mod.Path == runtimeModule {
			return true
		}
	}
	for _, r := range mf.Replace {
		if r.Old.Path == runtimeModule {
			return true
		}
	}
	return false
}

// withoutRuntime returns the go.mod mf without its requirement and
// replacements of the runtime's module, which a vendor workspace provides
// as one of its modules: the go command then checks the vendor directory
// against the rest of the file, and the workspace's modules.txt leaves the
// vendored copy of the module out (workspaceModulesTxt).
func withoutRuntime(mf *modfile.File) ([]byte, error) {
	for _, r := range mf.Replace {
		if r.Old.Path == runtimeModule {
			if err := mf.DropReplace(r.Old.Path, r.Old.Version); err != nil {
				return nil, fmt.Errorf("editing go.mod: %w", err)
			}
		}
	}
	if err := mf.DropRequire(runtimeModule); err != nil {
		return nil, fmt.Errorf("editing go.mod: %w", err)
	}
	mf.Cleanup()
	b, err := mf.Format()
	if err != nil {
		return nil, fmt.Errorf("editing go.mod: %w", err)
	}
	return b, nil
}

// workspacePhrases are the go command's phrases about vendoring that differ
// between a workspace and a module, each with the module's: the go
// command's messages about the user's vendor directory read as they would
// without the workspace (cmd/go/internal/modload.checkVendorConsistency
// and importFromModules).
var workspacePhrases = [][2]string{
	{"To sync the vendor directory, run:\n\t\tgo work vendor", "To sync the vendor directory, run:\n\t\tgo mod vendor"},
	{"To sync the vendor directory run go work vendor.", "To sync the vendor directory run go mod vendor."},
	{"but not explicitly required in a go.mod", "but not explicitly required in go.mod"},
	{"but not replaced in the workspace", "but not replaced in go.mod"},
	{"(Go version in go.work is at least 1.14 and vendor directory exists.)", "(Go version in go.mod is at least 1.14 and vendor directory exists.)"},
}

// vendorWorkFile returns the go.work of a vendor workspace: the go line of
// the user's module, its toolchain and godebug lines (which the go command
// reads from the go.work in a workspace), uses of the user's module at root
// and of the runtime module at rtDir, and the replace directives of the
// user's go.mod but tpinstr's, as written there (workspaceModulesTxt).
func vendorWorkFile(mf *modfile.File, goLine, root, rtDir string) []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "go %s\n", goLine)
	if mf.Toolchain != nil {
		fmt.Fprintf(&b, "\ntoolchain %s\n", mf.Toolchain.Name)
	}
	for _, g := range mf.Godebug {
		fmt.Fprintf(&b, "\ngodebug %s=%s\n", g.Key, g.Value)
	}
	fmt.Fprintf(&b, "\nuse (\n\t%s\n\t%s\n)\n", modfile.AutoQuote(root), modfile.AutoQuote(rtDir))
	for _, r := range mf.Replace {
		if r.Old.Path == runtimeModule {
			continue
		}
		fmt.Fprintf(&b, "\nreplace %s => %s\n", modVersion(r.Old), modVersion(r.New))
	}
	return b.Bytes()
}

// modVersion returns a module path and version as go.mod and go.work
// write them in a replace directive.
func modVersion(m module.Version) string {
	if m.Version == "" {
		return modfile.AutoQuote(m.Path)
	}
	return modfile.AutoQuote(m.Path) + " " + modfile.AutoQuote(m.Version)
}

// workspaceModulesTxt returns the modules.txt of a vendor workspace made
// from the user's, txt: marked as a workspace's and without tpinstr's
// module (a module of the workspace). Its replacements stay as the user's
// go.mod writes them, relative to the module's directory: the workspace's
// go.work repeats the go.mod's replace directives (vendorWorkFile), which
// the go command takes as they are written, so that it finds them
// consistent with modules.txt and records them so in the binary's build
// information (cmd/go/internal/modload.replacementFrom and
// canonicalizeReplacePath).
func workspaceModulesTxt(txt []byte) []byte {
	var b bytes.Buffer
	b.WriteString("## workspace\n")
	sc := bufio.NewScanner(bytes.NewReader(txt))
	sc.Buffer(nil, len(txt)+1)
	skip := false
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "# ") {
			f := strings.Fields(line)
			if skip = len(f) >= 2 && f[1] == runtimeModule; skip {
				continue
			}
		}
		if skip {
			continue
		}
		b.WriteString(line)
		b.WriteByte('\n')
	}
	return b.Bytes()
}

// writeVendorWorkspace writes the vendor workspace id, unless it exists:
// the files that make(dir) returns for it, and in its vendor directory a
// symbolic link to vendor/name for each of links. It goes to tpinstr's cache
// directory, or without one to the work directory, through a temporary
// directory renamed into place, and its directory is returned.
func (s *session) writeVendorWorkspace(id string, make func(dir string) map[string][]byte, vendor string, links []string) (string, error) {
	parents := []string{filepath.Join(s.work.dir, "vendor")}
	if dir, err := CacheDir(s.env); err == nil && dir != "" {
		parents = append([]string{filepath.Join(dir, "vendor")}, parents...)
	}
	var errs []error
	for _, parent := range parents {
		ws := filepath.Join(parent, id)
		if fileExists(filepath.Join(ws, "go.work")) {
			touchTree(ws)
			return ws, nil
		}
		err := writeWorkspaceTree(parent, ws, make(ws), vendor, links)
		if err == nil {
			return ws, nil
		}
		errs = append(errs, err)
	}
	return "", fmt.Errorf("writing the vendor workspace: %w", errors.Join(errs...))
}

// writeWorkspaceTree writes files and links (see writeVendorWorkspace)
// under a temporary directory in parent and renames it to ws; if ws
// appeared in the meantime, the other command's tree is kept.
func writeWorkspaceTree(parent, ws string, files map[string][]byte, vendor string, links []string) error {
	if err := os.MkdirAll(parent, 0o777); err != nil {
		return err
	}
	tmp, err := os.MkdirTemp(parent, ".tmp-")
	if err != nil {
		return err
	}
	fail := func(err error) error {
		os.RemoveAll(tmp)
		return err
	}
	for name, b := range files {
		if err := writeFile(filepath.Join(tmp, filepath.FromSlash(name)), b); err != nil {
			return fail(err)
		}
	}
	if err := os.MkdirAll(filepath.Join(tmp, "vendor"), 0o777); err != nil {
		return fail(err)
	}
	for _, name := range links {
		if err := os.Symlink(filepath.Join(vendor, name), filepath.Join(tmp, "vendor", name)); err != nil {
			return fail(err)
		}
	}
	if err := os.Rename(tmp, ws); err != nil {
		os.RemoveAll(tmp)
		if fileExists(filepath.Join(ws, "go.work")) {
			return nil
		}
		return err
	}
	return nil
}

// modulesTxtForWorkspace reports whether the vendor directory's
// modules.txt was written for a workspace (its first line is a "## "
// annotation with "workspace" among its entries), which the go command
// does not use by default outside one
// (cmd/go/internal/modload.modulesTextIsForWorkspace).
func modulesTxtForWorkspace(vendor string) bool {
	b, err := os.ReadFile(filepath.Join(vendor, "modules.txt"))
	if err != nil {
		return false
	}
	if len(b) > 512 {
		b = b[:512]
	}
	line, _, _ := strings.Cut(string(b), "\n")
	annotations, ok := strings.CutPrefix(line, "## ")
	if !ok {
		return false
	}
	for entry := range strings.SplitSeq(annotations, ";") {
		if strings.TrimSpace(entry) == "workspace" {
			return true
		}
	}
	return false
}
