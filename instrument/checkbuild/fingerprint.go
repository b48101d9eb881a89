package checkbuild

import (
	"crypto/sha256"
	"encoding/binary"
	"hash"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"golang.org/x/tools/go/packages"
)

// A key names one rewrite in the cache.
type key [sha256.Size]byte

// fingerprinter computes the cache key of a package: a hash of everything
// the rewriter's output depends on. That is the package's own files and,
// because the rewriter works on type-checked syntax, the types of everything
// it imports, transitively:
//
//   - a package of the standard library by its path and the Go version;
//   - a package in the module cache by its module's path and version (the
//     module cache is immutable);
//   - any other package (the main module, a replaced directory) by the
//     content of its files, its module's go.mod and go.sum and, recursively,
//     the keys of its imports.
//
// The global inputs (tpinstr's own identity, the Go version, GOOS/GOARCH,
// the build tags and flags) are hashed once into base.
type fingerprinter struct {
	base     key
	src      *sources
	goroot   string
	modcache string
	memo     map[string]key // by package ID
}

// newFingerprinter returns a fingerprinter whose keys include every string
// in global.
func newFingerprinter(src *sources, goroot, modcache string, global ...string) *fingerprinter {
	h := sha256.New()
	writeStrings(h, "tpinstr-rewrite-cache-v1")
	writeStrings(h, global...)
	f := &fingerprinter{src: src, goroot: goroot, modcache: modcache, memo: map[string]key{}}
	h.Sum(f.base[:0])
	return f
}

// key returns p's cache key.
func (f *fingerprinter) key(p *packages.Package) (key, error) {
	if k, ok := f.memo[p.ID]; ok {
		return k, nil
	}
	h := sha256.New()
	h.Write(f.base[:])
	dir := pkgDir(p)
	switch {
	case p.Module == nil && (dir == "" || within(dir, f.goroot)):
		writeStrings(h, "std", p.ID)
	case p.Module != nil && f.modcache != "" && within(dir, f.modcache):
		m := p.Module
		if m.Replace != nil {
			m = m.Replace
		}
		writeStrings(h, "mod", m.Path, m.Version, p.ID)
	default:
		if err := f.local(h, p); err != nil {
			return key{}, err
		}
	}
	var k key
	h.Sum(k[:0])
	f.memo[p.ID] = k
	return k, nil
}

// local hashes a package whose files may change: its names, files, module
// files and imports.
func (f *fingerprinter) local(h hash.Hash, p *packages.Package) error {
	writeStrings(h, "local", p.ID, p.PkgPath, p.Name)
	files := map[string]bool{}
	for _, name := range p.GoFiles {
		files[name] = true
	}
	for _, name := range p.CompiledGoFiles {
		files[name] = true
	}
	for _, name := range sortedKeys(files) {
		sum, err := f.src.hash(name)
		if err != nil {
			return err
		}
		writeStrings(h, "file", name)
		h.Write(sum[:])
	}
	// The module's go.mod and go.sum by content only: with -modfile they
	// are copies in the work directory, whose path changes every time.
	if p.Module != nil && p.Module.GoMod != "" {
		mod := p.Module.GoMod
		for _, name := range []string{mod, strings.TrimSuffix(mod, ".mod") + ".sum"} {
			if !fileExists(name) {
				continue
			}
			sum, err := f.src.hash(name)
			if err != nil {
				return err
			}
			writeStrings(h, "modfile", filepath.Ext(name))
			h.Write(sum[:])
		}
	}
	for _, path := range sortedKeys(p.Imports) {
		dk, err := f.key(p.Imports[path])
		if err != nil {
			return err
		}
		writeStrings(h, "import", path)
		h.Write(dk[:])
	}
	return nil
}

// writeStrings hashes each string with its length, so that no two lists of
// strings hash the same way.
func writeStrings(h hash.Hash, ss ...string) {
	var n [8]byte
	for _, s := range ss {
		binary.LittleEndian.PutUint64(n[:], uint64(len(s)))
		h.Write(n[:])
		h.Write([]byte(s))
	}
}

// sortedKeys returns the keys of m in order.
func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

func fileExists(name string) bool {
	_, err := os.Stat(name)
	return err == nil
}
