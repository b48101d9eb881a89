package e2e

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// ModulePath is the module the corpus lives in.
const ModulePath = "github.com/tpinstr/tpinstr"

// The kinds of corpus programs, named after their directories.
const (
	KindRace     = "race"     // has the determinacy races its labels name
	KindNoRace   = "norace"   // has no determinacy race
	KindExplore  = "explore"  // races in some schedules of Isolated sections only
	KindDeadlock = "deadlock" // deadlocks in some schedules of Isolated sections
)

// ProgramsDir is the corpus directory, relative to the module root.
const ProgramsDir = "testdata/programs"

// Program is one program of the corpus.
type Program struct {
	Name string // the directory's name
	Kind string // KindRace, KindNoRace or KindExplore
	Dir  string // the absolute directory
	Pkg  string // the package as a pattern relative to the module root, "./testdata/programs/KIND/NAME"
}

// Programs lists the programs of one kind in the corpus of the module rooted
// at root, sorted by name. Every subdirectory of the kind's directory is a
// program.
func Programs(root, kind string) ([]Program, error) {
	dir := filepath.Join(root, ProgramsDir, kind)
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, fmt.Errorf("listing %s programs: %w", kind, err)
	}
	var progs []Program
	for _, e := range entries {
		if !e.IsDir() {
			continue
		}
		progs = append(progs, Program{
			Name: e.Name(),
			Kind: kind,
			Dir:  filepath.Join(dir, e.Name()),
			Pkg:  "./" + ProgramsDir + "/" + kind + "/" + e.Name(),
		})
	}
	sort.Slice(progs, func(i, j int) bool { return progs[i].Name < progs[j].Name })
	return progs, nil
}

// ModuleRoot returns the root of module ModulePath: the nearest directory at
// or above dir whose go.mod declares it.
func ModuleRoot(dir string) (string, error) {
	d, err := canonical(dir)
	if err != nil {
		return "", fmt.Errorf("finding the module root: %w", err)
	}
	for {
		path, err := modulePath(filepath.Join(d, "go.mod"))
		if err != nil && !errors.Is(err, os.ErrNotExist) {
			return "", fmt.Errorf("finding the module root: %w", err)
		}
		if path == ModulePath {
			return d, nil
		}
		up := filepath.Dir(d)
		if up == d {
			return "", fmt.Errorf("finding the module root: no go.mod of %s at or above %s", ModulePath, dir)
		}
		d = up
	}
}

// modulePath returns the path that the module directive of gomod declares,
// or "" when there is none.
func modulePath(gomod string) (string, error) {
	f, err := os.Open(gomod)
	if err != nil {
		return "", err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if rest, ok := strings.CutPrefix(strings.TrimSpace(sc.Text()), "module"); ok && rest != "" && (rest[0] == ' ' || rest[0] == '\t') {
			return strings.Trim(strings.TrimSpace(rest), `"`), nil
		}
	}
	return "", sc.Err()
}
