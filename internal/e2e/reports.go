package e2e

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// Race is one race reported by a checker: the lines of its two accesses.
type Race struct {
	A, B Site
	Desc string // a one-line description for test messages
}

// String formats the race for test messages.
func (r Race) String() string {
	return fmt.Sprintf("%s and %s (%s)", r.A, r.B, r.Desc)
}

// jsonReport is the part of a report written by the TPINSTR json option
// (package rt's report type) that the checks need.
type jsonReport struct {
	Type     string     `json:"type"`
	Access   jsonAccess `json:"access"`
	Previous jsonAccess `json:"previous"`
}

type jsonAccess struct {
	Op   string `json:"op"`
	Expr string `json:"expr"`
	File string `json:"file"`
	Line int    `json:"line"`
}

// ReadJSONReports reads the reports that a checked program wrote with
// TPINSTR=json=path, one JSON object a line. A file that does not exist
// means the program reported nothing. Relative file names in reports are
// taken relative to dir, the directory the program ran in.
func ReadJSONReports(path, dir string) ([]Race, error) {
	f, err := os.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("reading reports: %w", err)
	}
	defer f.Close()
	var races []Race
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for n := 1; sc.Scan(); n++ {
		if len(sc.Bytes()) == 0 {
			continue
		}
		var r jsonReport
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			return nil, fmt.Errorf("reading reports: %s:%d: %w", path, n, err)
		}
		if r.Type != "race" {
			return nil, fmt.Errorf("reading reports: %s:%d: report of type %q, want \"race\"", path, n, r.Type)
		}
		races = append(races, Race{
			A:    reportSite(r.Access, dir),
			B:    reportSite(r.Previous, dir),
			Desc: fmt.Sprintf("%s of %s, previous %s of %s", r.Access.Op, r.Access.Expr, r.Previous.Op, r.Previous.Expr),
		})
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("reading reports: %w", err)
	}
	return races, nil
}

// reportSite turns a reported access into a Site comparable with labels.
// An access with no file keeps an empty name, which matches no label.
func reportSite(a jsonAccess, dir string) Site {
	file := a.File
	if file == "" {
		return Site{Line: a.Line}
	}
	if !filepath.IsAbs(file) {
		file = filepath.Join(dir, file)
	}
	if c, err := canonical(file); err == nil {
		file = c
	}
	return Site{File: file, Line: a.Line}
}

// Compare checks races against the labelled pairs of one program. missing
// lists the pairs that no race has on exactly its two lines (in either
// order); unexpected lists the races with an access on a line that carries
// no label: a false positive, or a race the corpus failed to label. A race
// between two labelled lines that are not one pair is accepted, since the
// shadow memory of the futures paper may report any pair of a location's
// unordered conflicting accesses (Algorithms 8 and 9 keep one writer).
func Compare(pairs []Pair, races []Race) (missing []Pair, unexpected []Race) {
	labelled := map[Site]bool{}
	for _, p := range pairs {
		labelled[p.A] = true
		labelled[p.B] = true
	}
	for _, p := range pairs {
		found := false
		for _, r := range races {
			if (r.A == p.A && r.B == p.B) || (r.A == p.B && r.B == p.A) {
				found = true
				break
			}
		}
		if !found {
			missing = append(missing, p)
		}
	}
	for _, r := range races {
		if !labelled[r.A] || !labelled[r.B] {
			unexpected = append(unexpected, r)
		}
	}
	return missing, unexpected
}
