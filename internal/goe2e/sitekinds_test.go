package goe2e

import (
	"bufio"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/tpinstr/tpinstr/internal/e2e"
)

// TestGoReportKinds checks that the JSON reports of plain-Go races name
// the operations of their synchronisation sites: the kind of an access
// made by a synchronisation operation (the read of a mutex by a deferred
// Unlock or a Lock through a method value, the word of an atomic add),
// and the kind of the operation that created each goroutine (a go
// statement, WaitGroup.Go).
func TestGoReportKinds(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: skipping the checked runs of the corpus (each builds a program)")
	}
	harness.Need(t)
	tests := []struct {
		prog         string
		accessKinds  []string // kinds some access of some report has
		createdKinds []string // kinds some creation frame has
	}{
		{"lock_later_reset", []string{"mutex"}, []string{"go"}},
		{"atomic_func", []string{"atomic"}, []string{"go"}},
		{"wg_go", nil, []string{"waitgroup"}},
	}
	for _, tt := range tests {
		t.Run(tt.prog, func(t *testing.T) {
			t.Parallel()
			p := e2e.Program{Name: tt.prog, Kind: e2e.KindRace, Pkg: "./" + goProgramsDir + "/" + e2e.KindRace + "/" + tt.prog}
			jsonPath := filepath.Join(t.TempDir(), "reports.jsonl")
			ctx, cancel := context.WithTimeout(context.Background(), e2e.RunTimeout)
			defer cancel()
			cmd := exec.CommandContext(ctx, harness.GoProgramBinary(t, p))
			cmd.Dir = harness.Root
			cmd.Env = append(os.Environ(), "TPINSTR=explore_time=0 sample_time=0 json="+jsonPath)
			if code, err := e2e.ExitCode(cmd.Run()); err != nil || code != e2e.RaceExitCode {
				t.Fatalf("checked %s: exit status %d, %v; want %d", p.Pkg, code, err, e2e.RaceExitCode)
			}
			access, created := reportKinds(t, jsonPath)
			for _, k := range tt.accessKinds {
				if !access[k] {
					t.Errorf("no access of kind %q in the reports (kinds %v)", k, access)
				}
			}
			for _, k := range tt.createdKinds {
				if !created[k] {
					t.Errorf("no goroutine created by an operation of kind %q (kinds %v)", k, created)
				}
			}
		})
	}
}

// reportKinds returns the kinds of the accesses and of the creation
// frames of the race reports in the JSON file at path.
func reportKinds(t *testing.T, path string) (access, created map[string]bool) {
	t.Helper()
	type frame struct {
		Kind string `json:"kind"`
	}
	type acc struct {
		Kind    string  `json:"kind"`
		Created []frame `json:"created"`
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	access, created = map[string]bool{}, map[string]bool{}
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var r struct {
			Access   acc `json:"access"`
			Previous acc `json:"previous"`
		}
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		for _, a := range []acc{r.Access, r.Previous} {
			if a.Kind != "" {
				access[a.Kind] = true
			}
			for _, fr := range a.Created {
				if fr.Kind != "" {
					created[fr.Kind] = true
				}
			}
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return access, created
}
