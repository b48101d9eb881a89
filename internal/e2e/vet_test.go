package e2e

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestVetOnCorpus runs the static analyzer (cmd/tpvet) on the labelled
// programs: every labelled race of a race or explore program must be warned
// about with both of its lines (the static pass must not miss what the
// dynamic checker finds), and the warnings on race-free programs are counted
// and logged as the false-positive rate.
func TestVetOnCorpus(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: skipping the analyzer runs on the corpus")
	}
	harness.Need(t)
	vet := filepath.Join(t.TempDir(), "tpvet")
	build := exec.Command("go", "build", "-o", vet, ModulePath+"/cmd/tpvet")
	build.Dir = harness.Root
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build cmd/tpvet: %v\n%s", err, out)
	}
	var all []Program
	for _, kind := range []string{KindRace, KindExplore, KindNoRace} {
		progs, err := Programs(harness.Root, kind)
		if err != nil {
			t.Fatal(err)
		}
		all = append(all, progs...)
	}
	// One tpvet run for the whole corpus: it loads and type-checks the
	// task library once instead of once per program.
	byPkg := vetRaces(t, vet, all)
	var noraceProgs, noraceWarned, noraceWarnings int
	for _, p := range all {
		kind := p.Kind
		t.Run(kind+"/"+p.Name, func(t *testing.T) {
			warnings := byPkg[ModulePath+"/"+strings.TrimPrefix(p.Pkg, "./")]
			if kind == KindNoRace {
				noraceProgs++
				noraceWarnings += len(warnings)
				if len(warnings) > 0 {
					noraceWarned++
					t.Logf("false positives: %v", warnings)
				}
				return
			}
			pairs, err := Labels(p.Dir)
			if err != nil {
				t.Fatal(err)
			}
			for _, pair := range pairs {
				key := kind + "/" + p.Name + " race:" + pair.ID
				missed := !warned(pair, warnings)
				switch {
				case missed && !knownVetMisses[key]:
					t.Errorf("tpvet does not warn about %s; its warnings: %v", pair, warnings)
				case !missed && knownVetMisses[key]:
					t.Errorf("tpvet now warns about %s: remove %q from knownVetMisses", pair, key)
				case missed:
					t.Logf("known miss: %s", pair)
				}
			}
		})
	}
	if noraceProgs > 0 {
		t.Logf("race-free programs: %d of %d warned about (%.0f%%), %d warnings in all",
			noraceWarned, noraceProgs, 100*float64(noraceWarned)/float64(noraceProgs), noraceWarnings)
	}
}

// knownVetMisses are the labelled races the analyzer does not warn about
// yet, each a false negative of the static pass to fix: the test fails when
// one more appears, and when one of these is fixed (so that the list only
// shrinks).
var knownVetMisses = map[string]bool{
	// The two sides reach the future's slice through two calls of Get
	// (range f.Get() and s := f.Get(); s[3] = ...): the analyzer's
	// locations are named by variables and fields, and the result of a
	// call is none of them.
	"race/range_get race:a": true,
	// The same: both sides index the slice that fs[0].Get() and
	// fs[i].Get() return, in place.
	"race/future_elems race:clear": true,
	// One side writes a whole node (*root.Left = tree.Node{...}) in package
	// main, the other reads its fields in a method of package tree
	// (Node.Sum): the analyzer does not relate that write to those reads.
	"race/tree_whole race:node": true,
}

// warned reports whether some warning names both lines of pair, taking for
// each side the line the warning points at or a line of a callee that it
// names ("in f at file.go:12:3").
func warned(pair Pair, warnings []Race) bool {
	for _, w := range warnings {
		as, bs := sideSites(w, true), sideSites(w, false)
		if (as[pair.A] && bs[pair.B]) || (as[pair.B] && bs[pair.A]) {
			return true
		}
	}
	return false
}

// sideSites returns the lines a warning gives for one of its accesses.
func sideSites(w Race, first bool) map[Site]bool {
	s := w.A
	if !first {
		s = w.B
	}
	out := map[Site]bool{s: true}
	// The message names the callee positions of both accesses in order:
	// "the write of x at main.go:15:5 (in deposit at account.go:11:2) and
	// the write of x at main.go:18:5 (in deposit at account.go:11:2)".
	m := calleePos.FindAllStringSubmatch(w.Desc, -1)
	idx := 0
	if !first {
		idx = 1
	}
	if idx < len(m) {
		line, _ := strconv.Atoi(m[idx][2])
		file := filepath.Join(filepath.Dir(s.File), m[idx][1])
		if c, err := canonical(file); err == nil {
			file = c
		}
		out[Site{File: file, Line: line}] = true
	}
	return out
}

var calleePos = regexp.MustCompile(`\(in [^ ]+ at ([^:() ]+):(\d+):\d+\)`)

// vetDiag is a diagnostic of the analyzer's JSON output.
type vetDiag struct {
	Category string `json:"category"`
	Posn     string `json:"posn"`
	Message  string `json:"message"`
	Related  []struct {
		Posn string `json:"posn"`
	} `json:"related"`
}

// vetRaces runs tpvet -json on the programs and returns the race warnings
// of each, by import path, as pairs of lines.
func vetRaces(t *testing.T, vet string, progs []Program) map[string][]Race {
	t.Helper()
	args := []string{"-json"}
	for _, p := range progs {
		args = append(args, p.Pkg)
	}
	cmd := exec.Command(vet, args...)
	cmd.Dir = harness.Root
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		if _, ok := err.(*exec.ExitError); !ok || stdout.Len() == 0 {
			t.Fatalf("tpvet -json on %d programs: %v\n%s", len(progs), err, stderr.Bytes())
		}
	}
	var out map[string]map[string]json.RawMessage
	if err := json.Unmarshal(stdout.Bytes(), &out); err != nil {
		t.Fatalf("tpvet -json on %d programs: %v\n%s", len(progs), err, stdout.Bytes())
	}
	races := map[string][]Race{}
	for pkg, analyzers := range out {
		raw, ok := analyzers["tprace"]
		if !ok {
			continue
		}
		var diags []vetDiag
		if err := json.Unmarshal(raw, &diags); err != nil {
			// An analyzer error is an object, not a list.
			t.Fatalf("tpvet -json %s: %s", pkg, raw)
		}
		for _, d := range diags {
			if d.Category != "race" || len(d.Related) == 0 {
				continue
			}
			a, err := posnSite(d.Posn)
			if err != nil {
				t.Fatal(err)
			}
			b, err := posnSite(d.Related[0].Posn)
			if err != nil {
				t.Fatal(err)
			}
			races[pkg] = append(races[pkg], Race{A: a, B: b, Desc: d.Message})
		}
	}
	return races
}

// posnSite turns a file:line:col position into a Site.
func posnSite(posn string) (Site, error) {
	parts := strings.Split(posn, ":")
	if len(parts) < 3 {
		return Site{}, fmt.Errorf("position %q is not file:line:col", posn)
	}
	line, err := strconv.Atoi(parts[len(parts)-2])
	if err != nil {
		return Site{}, fmt.Errorf("position %q: %w", posn, err)
	}
	file := strings.Join(parts[:len(parts)-2], ":")
	if c, err := canonical(file); err == nil {
		file = c
	}
	return Site{File: file, Line: line}, nil
}
