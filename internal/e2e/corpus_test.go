package e2e

import (
	"bufio"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCorpusShape checks the corpus without running the checker: every
// program has a one-line description at the top of main.go; race and
// explore programs carry labels and norace programs none; race and norace
// programs come in twins of one name.
func TestCorpusShape(t *testing.T) {
	root := TestRoot(t)
	names := map[string]map[string]bool{}
	for _, kind := range []string{KindRace, KindNoRace, KindExplore} {
		progs, err := Programs(root, kind)
		if err != nil {
			t.Fatal(err)
		}
		if len(progs) == 0 {
			t.Fatalf("no %s programs", kind)
		}
		names[kind] = map[string]bool{}
		for _, p := range progs {
			names[kind][p.Name] = true
			t.Run(kind+"/"+p.Name, func(t *testing.T) {
				checkDescription(t, filepath.Join(p.Dir, "main.go"))
				pairs, err := Labels(p.Dir)
				if err != nil {
					t.Fatal(err)
				}
				if labelled := len(pairs) > 0; labelled != (kind != KindNoRace) {
					t.Errorf("%s program has %d race labels", kind, len(pairs))
				}
			})
		}
	}
	for name := range names[KindRace] {
		if !names[KindNoRace][name] {
			t.Errorf("race/%s has no norace twin", name)
		}
	}
	for name := range names[KindNoRace] {
		if !names[KindRace][name] {
			t.Errorf("norace/%s has no race twin", name)
		}
	}
}

// checkDescription checks that file starts with a one-line comment that
// says what the program tests and is followed by the package clause.
func checkDescription(t *testing.T, file string) {
	t.Helper()
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<16)
	var lines []string
	for len(lines) < 2 && sc.Scan() {
		lines = append(lines, sc.Text())
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if len(lines) < 2 || !strings.HasPrefix(lines[0], "// Command ") || lines[1] != "package main" {
		t.Errorf("%s does not start with a one-line \"// Command NAME: ...\" description and the package clause", file)
	}
}

// TestExploreReadme checks that the explore README explains every program
// in the directory, since those programs are not run end to end.
func TestExploreReadme(t *testing.T) {
	root := TestRoot(t)
	readme, err := os.ReadFile(filepath.Join(root, ProgramsDir, KindExplore, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	progs, err := Programs(root, KindExplore)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range progs {
		if !strings.Contains(string(readme), "`"+p.Name+"`") {
			t.Errorf("explore/README.md does not mention %s", p.Name)
		}
	}
}

func TestModuleRoot(t *testing.T) {
	root := TestRoot(t)
	for _, sub := range []string{".", "internal/e2e", ProgramsDir + "/race"} {
		got, err := ModuleRoot(filepath.Join(root, sub))
		if err != nil {
			t.Fatal(err)
		}
		if got != root {
			t.Errorf("ModuleRoot(%s) = %s, want %s", sub, got, root)
		}
	}
	if got, err := ModuleRoot(t.TempDir()); err == nil {
		t.Errorf("ModuleRoot outside the module = %s, want an error", got)
	}
}
