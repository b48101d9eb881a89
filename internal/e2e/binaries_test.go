package e2e

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"
)

// corpusKinds are the directories under ProgramsDir whose programs the
// tests build checked.
var corpusKinds = []string{
	KindRace, KindNoRace, KindExplore, KindDeadlock,
	permissionDir + "/race", permissionDir + "/norace", permissionDir + "/misuse", permissionDir + "/strict",
}

// builtCorpus is the checked build of every corpus program with one set of
// tpinstr flags.
type builtCorpus struct {
	once sync.Once
	bins map[string]string // Program.Pkg -> binary
	err  error
}

var (
	corpusMu     sync.Mutex
	corpusBuilds = map[string]*builtCorpus{}
)

// checkedBinary returns the checked binary of p built with flags. The
// first call for a set of flags builds the whole corpus with as few
// `tpinstr build` commands as the binaries' names allow (one go build of
// many packages shares the loading, the rewriting and the compilation of
// the runtime), so that each test only runs binaries.
func checkedBinary(t *testing.T, p Program, flags ...string) string {
	t.Helper()
	key := strings.Join(flags, " ")
	corpusMu.Lock()
	b := corpusBuilds[key]
	if b == nil {
		b = &builtCorpus{}
		corpusBuilds[key] = b
	}
	corpusMu.Unlock()
	b.once.Do(func() { b.bins, b.err = buildCorpus(flags) })
	if b.err != nil {
		t.Fatalf("building the corpus checked: %v", b.err)
	}
	bin, ok := b.bins[p.Pkg]
	if !ok {
		t.Fatalf("%s is not among the corpus programs built", p.Pkg)
	}
	return bin
}

// buildCorpus builds every program of corpusKinds with `tpinstr build
// flags -o DIR/ pkgs...`, in rounds of programs with distinct names (go
// build -o DIR/ names each binary after its directory).
func buildCorpus(flags []string) (map[string]string, error) {
	if harness.Err != nil {
		return nil, harness.Err
	}
	var progs []Program
	for _, kind := range corpusKinds {
		ps, err := Programs(harness.Root, kind)
		if err != nil {
			return nil, err
		}
		progs = append(progs, ps...)
	}
	sort.SliceStable(progs, func(i, j int) bool { return progs[i].Pkg < progs[j].Pkg })
	var rounds [][]Program
	used := map[string]int{}
	for _, p := range progs {
		r := used[p.Name]
		used[p.Name]++
		if r == len(rounds) {
			rounds = append(rounds, nil)
		}
		rounds[r] = append(rounds[r], p)
	}
	bins := map[string]string{}
	for i, round := range rounds {
		dir := filepath.Join(harness.BinDir, "corpus"+strings.ReplaceAll(strings.Join(flags, ""), string(filepath.Separator), "_"), fmt.Sprint(i))
		if err := os.MkdirAll(dir, 0o777); err != nil {
			return nil, err
		}
		args := append(append([]string{"build"}, flags...), "-o", dir+string(filepath.Separator))
		for _, p := range round {
			args = append(args, p.Pkg)
			bins[p.Pkg] = filepath.Join(dir, p.Name)
		}
		cmd := exec.Command(harness.Path, args...)
		cmd.Dir = harness.Root
		var out bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &out
		if err := cmd.Run(); err != nil {
			return nil, fmt.Errorf("tpinstr %s: %w\n%s", strings.Join(args, " "), err, out.Bytes())
		}
	}
	return bins, nil
}
