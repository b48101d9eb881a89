package checkbuild

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// workVar is how the work directory appears in the driver's output when it
// is not kept, as the go command prints $WORK.
const workVar = "$TPINSTR_WORK"

// workDir is the temporary directory of one command: the rewritten and
// generated files, overlay.json, and the binaries of tpinstr run.
//
//	overlay.json
//	src/N/file.go   the rewritten file.go of the N-th directory
//	exe/            binaries built by tpinstr run
type workDir struct {
	dir     string
	replace map[string]string // overlay: original path -> file to compile
	srcDirs map[string]string // original directory -> its directory under src
	back    []string          // pairs for strings.NewReplacer: path in dir -> original
}

// newWorkDir creates a work directory in parent (os.TempDir if "").
func newWorkDir(parent string) (*workDir, error) {
	dir, err := os.MkdirTemp(parent, "tpinstr-")
	if err != nil {
		return nil, fmt.Errorf("creating work directory: %w", err)
	}
	return &workDir{dir: dir, replace: map[string]string{}, srcDirs: map[string]string{}}, nil
}

// add writes content as the replacement of the file orig.
func (w *workDir) add(orig string, content []byte) error {
	od := filepath.Dir(orig)
	sd, ok := w.srcDirs[od]
	if !ok {
		sd = filepath.Join(w.dir, "src", strconv.Itoa(len(w.srcDirs)))
		if err := os.MkdirAll(sd, 0o777); err != nil {
			return fmt.Errorf("work directory: %w", err)
		}
		w.srcDirs[od] = sd
	}
	name := filepath.Join(sd, filepath.Base(orig))
	if err := os.WriteFile(name, content, 0o666); err != nil {
		return fmt.Errorf("work directory: %w", err)
	}
	w.replace[orig] = name
	w.back = append(w.back, name, orig)
	return nil
}

// alias makes the mapper replace from by to: a directory outside the work
// directory that stands for one of the user's (and any path below it) by
// the user's, or a phrase of the go command that the way tpinstr runs it
// changed by the phrase the user's own command would print. Aliases are
// tried in the order they were added, before the work directory.
func (w *workDir) alias(from, to string) {
	w.back = append(w.back, from, to)
}

// writeOverlay writes overlay.json: the user's own replacements, then
// extra (deletions of runtime files), then the driver's, which win where
// both replace a file (the driver's were made from the user's). It returns
// the file's path.
func (w *workDir) writeOverlay(user, extra map[string]string) (string, error) {
	o := overlayJSON{Replace: map[string]string{}}
	for from, to := range user {
		o.Replace[from] = to
	}
	for from, to := range extra {
		o.Replace[from] = to
	}
	for from, to := range w.replace {
		o.Replace[from] = to
	}
	b, err := json.MarshalIndent(o, "", "\t")
	if err != nil {
		return "", fmt.Errorf("overlay: %w", err)
	}
	name := filepath.Join(w.dir, "overlay.json")
	if err := os.WriteFile(name, b, 0o666); err != nil {
		return "", fmt.Errorf("overlay: %w", err)
	}
	return name, nil
}

// exeDir returns the directory for binaries, creating it.
func (w *workDir) exeDir() (string, error) {
	d := filepath.Join(w.dir, "exe")
	if err := os.MkdirAll(d, 0o777); err != nil {
		return "", fmt.Errorf("work directory: %w", err)
	}
	return d, nil
}

// mapper returns the replacements that turn paths in the work directory
// back into what the user knows: a rewritten file into its original, and
// anything else in the directory into $TPINSTR_WORK. The go command prints
// paths relative to its working directory cwd when that is shorter, so the
// relative forms are mapped too, to the original's relative form.
func (w *workDir) mapper(cwd string) *strings.Replacer {
	var pairs []string
	for i := 0; i < len(w.back); i += 2 {
		tmp, orig := w.back[i], w.back[i+1]
		pairs = append(pairs, tmp, orig)
		if rel := shortPath(tmp, cwd); rel != tmp {
			if sep := string(filepath.Separator); strings.HasSuffix(tmp, sep) && !strings.HasSuffix(rel, sep) {
				rel += sep // a directory prefix (alias) keeps its separator
			}
			pairs = append(pairs, rel, shortPath(orig, cwd))
		}
	}
	pairs = append(pairs, w.dir, workVar)
	if rel := shortPath(w.dir, cwd); rel != w.dir {
		pairs = append(pairs, rel, workVar)
	}
	return strings.NewReplacer(pairs...)
}

// remove deletes the work directory.
func (w *workDir) remove() error {
	if err := os.RemoveAll(w.dir); err != nil {
		return fmt.Errorf("removing work directory: %w", err)
	}
	return nil
}
