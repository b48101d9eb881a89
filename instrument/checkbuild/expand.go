package checkbuild

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// isManyPattern reports whether a run pattern may name several packages.
func isManyPattern(pattern string) bool { return strings.Contains(pattern, "...") }

// expandLocal lists the package directories under a directory pattern
// "dir/..." as "./sub/dir" patterns relative to cwd, for `tpinstr run` of
// several programs. It differs from the go command's own expansion in one
// way: it descends into testdata directories, which the go command's "..."
// never enters, because test programs for a checker live there (`tpinstr
// run ./testdata/...`). Like the go command it skips directories whose names
// start with "." or "_", and other modules. Patterns of another form are
// returned unchanged, for the go command to expand.
func expandLocal(pattern, cwd string) ([]string, error) {
	prefix, ok := strings.CutSuffix(filepath.ToSlash(pattern), "/...")
	if !ok || !isLocalPattern(pattern) || strings.Contains(prefix, "...") {
		return []string{pattern}, nil
	}
	root := filepath.FromSlash(prefix)
	if !filepath.IsAbs(root) {
		root = filepath.Join(cwd, root)
	}
	if fi, err := os.Stat(root); err != nil || !fi.IsDir() {
		return []string{pattern}, nil // the go command reports it
	}
	var dirs []string
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() {
			return nil
		}
		if path != root {
			if name := d.Name(); strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") || fileExists(filepath.Join(path, "go.mod")) {
				return filepath.SkipDir
			}
		}
		if hasGoFiles(path) {
			dirs = append(dirs, dirPattern(path, cwd))
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	if len(dirs) == 0 {
		return []string{pattern}, nil // let the go command say it matched nothing
	}
	return dirs, nil
}

// hasGoFiles reports whether dir holds a .go file that is not a test.
func hasGoFiles(dir string) bool {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return false
	}
	for _, e := range entries {
		if n := e.Name(); !e.IsDir() && strings.HasSuffix(n, ".go") && !strings.HasSuffix(n, "_test.go") {
			return true
		}
	}
	return false
}

// dirPattern names dir as the go command expects a directory: ./rel or
// ../rel relative to cwd, or the absolute path.
func dirPattern(dir, cwd string) string {
	rel, err := filepath.Rel(cwd, dir)
	if err != nil {
		return dir
	}
	rel = filepath.ToSlash(rel)
	if rel == "." || strings.HasPrefix(rel, "../") {
		return rel
	}
	return "./" + rel
}
