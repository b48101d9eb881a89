package options

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
)

// VerdictsEnv names the directory where a checked test binary also
// records its verdict lines, one JSON object (a [Verdict]) per line, in a
// file named after its process id. `tpinstr test` sets it and, once go
// test is done, prints the verdicts of every package it ran: go test shows
// a passing package's output only with -v, and a verdict that does not
// cover every schedule must not go unseen.
//
// The checker reads the variable with syscall.Getenv rather than
// os.Getenv, so that go test's cache of test results does not depend on
// its value (a new directory at each tpinstr test).
const VerdictsEnv = "TPINSTR_VERDICTS"

// Verdict is one verdict line of a checked test binary.
type Verdict struct {
	Pkg     string `json:"pkg"`            // the import path of the package under test
	Test    string `json:"test,omitempty"` // the test it ended, "" for the whole binary
	Verdict string `json:"verdict"`        // the line, without "tpinstr: "
}

// ReadVerdicts returns the verdicts recorded in dir, by package and then
// in the order each binary wrote them.
func ReadVerdicts(dir string) ([]Verdict, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, fmt.Errorf("reading the verdicts: %w", err)
	}
	var all []Verdict
	for _, e := range entries {
		f, err := os.Open(filepath.Join(dir, e.Name()))
		if err != nil {
			return nil, fmt.Errorf("reading the verdicts: %w", err)
		}
		sc := bufio.NewScanner(f)
		sc.Buffer(nil, 1<<20)
		for sc.Scan() {
			var v Verdict
			if json.Unmarshal(sc.Bytes(), &v) == nil {
				all = append(all, v)
			}
		}
		err = sc.Err()
		f.Close()
		if err != nil {
			return nil, fmt.Errorf("reading the verdicts: %w", err)
		}
	}
	sort.SliceStable(all, func(i, j int) bool { return all[i].Pkg < all[j].Pkg })
	return all, nil
}
