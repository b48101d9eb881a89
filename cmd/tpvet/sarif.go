package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"go/token"
	"io"
	"path/filepath"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/tpinstr/tpinstr/analysis/tprace"
)

// SARIF 2.1.0 (OASIS Static Analysis Results Interchange Format), the
// subset tpvet writes: one run, one rule per diagnostic category, one
// result per diagnostic with its related positions.

const (
	sarifVersion = "2.1.0"
	sarifSchema  = "https://json.schemastore.org/sarif-2.1.0.json"
)

type sarifLog struct {
	Schema  string     `json:"$schema"`
	Version string     `json:"version"`
	Runs    []sarifRun `json:"runs"`
}

type sarifRun struct {
	Tool               sarifTool                      `json:"tool"`
	OriginalURIBaseIDs map[string]sarifArtifactLocURI `json:"originalUriBaseIds,omitempty"`
	Results            []sarifResult                  `json:"results"`
}

type sarifArtifactLocURI struct {
	URI string `json:"uri"`
}

type sarifTool struct {
	Driver sarifDriver `json:"driver"`
}

type sarifDriver struct {
	Name           string      `json:"name"`
	InformationURI string      `json:"informationUri,omitempty"`
	Rules          []sarifRule `json:"rules"`
}

type sarifRule struct {
	ID               string       `json:"id"`
	ShortDescription sarifMessage `json:"shortDescription"`
	HelpURI          string       `json:"helpUri,omitempty"`
}

type sarifMessage struct {
	Text string `json:"text"`
}

type sarifResult struct {
	RuleID           string          `json:"ruleId"`
	RuleIndex        int             `json:"ruleIndex"`
	Level            string          `json:"level"`
	Message          sarifMessage    `json:"message"`
	Locations        []sarifLocation `json:"locations"`
	RelatedLocations []sarifLocation `json:"relatedLocations,omitempty"`
}

type sarifLocation struct {
	ID               *int                  `json:"id,omitempty"`
	PhysicalLocation sarifPhysicalLocation `json:"physicalLocation"`
	Message          *sarifMessage         `json:"message,omitempty"`
}

type sarifPhysicalLocation struct {
	ArtifactLocation sarifArtifactLocation `json:"artifactLocation"`
	Region           sarifRegion           `json:"region"`
}

type sarifArtifactLocation struct {
	URI       string `json:"uri"`
	URIBaseID string `json:"uriBaseId,omitempty"`
}

type sarifRegion struct {
	StartLine   int `json:"startLine"`
	StartColumn int `json:"startColumn,omitempty"`
	EndLine     int `json:"endLine,omitempty"`
	EndColumn   int `json:"endColumn,omitempty"`
}

// categories describes each diagnostic category as a SARIF rule.
var categories = []struct{ id, text, level string }{
	{tprace.CategoryRace, "Two accesses to one variable, at least one a write, may run in parallel.", "warning"},
	{tprace.CategoryIsolated, "A task operation, Get or a call that may do one, inside Isolated.", "error"},
	{tprace.CategoryForeign, "A task handle used inside the body of another task.", "error"},
	{tprace.CategoryStored, "A task handle stored where it may outlive its task.", "warning"},
	{tprace.CategorySelfGet, "Get of a future inside its own body.", "error"},
	{tprace.CategoryEmptyFinish, "A Finish whose body spawns no task.", "note"},
}

// packageDiagnostics are the diagnostics of one analyzed package.
type packageDiagnostics struct {
	fset  *token.FileSet
	diags []analysis.Diagnostic
}

// buildSARIF converts diagnostics to a SARIF log. Paths under root are
// written relative to it, against the base %SRCROOT%.
func buildSARIF(root string, pkgs []packageDiagnostics) sarifLog {
	run := sarifRun{
		Tool: sarifTool{Driver: sarifDriver{
			Name:           "tpvet",
			InformationURI: tprace.Analyzer.URL,
		}},
		Results: []sarifResult{},
	}
	ruleIndex := map[string]int{}
	for i, c := range categories {
		ruleIndex[c.id] = i
		run.Tool.Driver.Rules = append(run.Tool.Driver.Rules, sarifRule{
			ID:               "tprace/" + c.id,
			ShortDescription: sarifMessage{Text: c.text},
			HelpURI:          tprace.Analyzer.URL,
		})
	}
	if root != "" {
		run.OriginalURIBaseIDs = map[string]sarifArtifactLocURI{"%SRCROOT%": {URI: "file://" + filepath.ToSlash(root) + "/"}}
	}
	loc := func(fset *token.FileSet, pos, end token.Pos) sarifPhysicalLocation {
		p := fset.Position(pos)
		art := sarifArtifactLocation{URI: "file://" + filepath.ToSlash(p.Filename)}
		if rel, err := filepath.Rel(root, p.Filename); root != "" && err == nil && !strings.HasPrefix(rel, "..") {
			art = sarifArtifactLocation{URI: filepath.ToSlash(rel), URIBaseID: "%SRCROOT%"}
		}
		r := sarifRegion{StartLine: max(p.Line, 1), StartColumn: max(p.Column, 1)}
		if end.IsValid() && end > pos {
			e := fset.Position(end)
			r.EndLine, r.EndColumn = e.Line, e.Column
		}
		return sarifPhysicalLocation{ArtifactLocation: art, Region: r}
	}
	for _, pd := range pkgs {
		for _, d := range pd.diags {
			cat := d.Category
			i, ok := ruleIndex[cat]
			if !ok {
				// A category this version does not describe: keep the
				// result, under a rule id of its own.
				i = -1
			}
			res := sarifResult{
				RuleID:    "tprace/" + cat,
				RuleIndex: i,
				Level:     "warning",
				Message:   sarifMessage{Text: d.Message},
				Locations: []sarifLocation{{PhysicalLocation: loc(pd.fset, d.Pos, d.End)}},
			}
			if ok {
				res.Level = categories[i].level
			}
			for k, rel := range d.Related {
				id := k + 1
				res.RelatedLocations = append(res.RelatedLocations, sarifLocation{
					ID:               &id,
					PhysicalLocation: loc(pd.fset, rel.Pos, rel.End),
					Message:          &sarifMessage{Text: rel.Message},
				})
			}
			run.Results = append(run.Results, res)
		}
	}
	sort.SliceStable(run.Results, func(a, b int) bool {
		x, y := run.Results[a].Locations[0].PhysicalLocation, run.Results[b].Locations[0].PhysicalLocation
		if x.ArtifactLocation.URI != y.ArtifactLocation.URI {
			return x.ArtifactLocation.URI < y.ArtifactLocation.URI
		}
		if x.Region.StartLine != y.Region.StartLine {
			return x.Region.StartLine < y.Region.StartLine
		}
		return x.Region.StartColumn < y.Region.StartColumn
	})
	return sarifLog{Schema: sarifSchema, Version: sarifVersion, Runs: []sarifRun{run}}
}

// wantsSARIF reports whether the arguments ask for SARIF output.
func wantsSARIF(args []string) bool {
	for _, a := range args {
		if a == "--" {
			return false
		}
		if f := strings.TrimLeft(a, "-"); f != a && (f == "sarif" || f == "sarif=true") {
			return true
		}
	}
	return false
}

// sarifMain runs the analyzer on package patterns and writes its
// diagnostics as a SARIF 2.1.0 log to w. dir is the directory patterns are
// resolved in (paths under it are written relative to it) and env the
// environment of the go command (nil: the process's).
func sarifMain(args []string, dir string, env []string, w, stderr io.Writer) int {
	fs := flag.NewFlagSet("tpvet", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Bool("sarif", true, "write diagnostics as a SARIF 2.1.0 log on standard output")
	tests := fs.Bool("test", true, "also analyze test packages")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	cfg := &packages.Config{Mode: packages.LoadAllSyntax, Tests: *tests, Dir: dir, Env: env}
	pkgs, err := packages.Load(cfg, fs.Args()...)
	if err != nil {
		fmt.Fprintf(stderr, "tpvet: %v\n", err)
		return 1
	}
	if packages.PrintErrors(pkgs) > 0 {
		return 1
	}
	graph, err := checker.Analyze([]*analysis.Analyzer{tprace.Analyzer}, pkgs, nil)
	if err != nil {
		fmt.Fprintf(stderr, "tpvet: %v\n", err)
		return 1
	}
	var out []packageDiagnostics
	seen := map[string]bool{}
	for _, act := range graph.Roots {
		if act.Err != nil {
			fmt.Fprintf(stderr, "tpvet: %s: %v\n", act.Package.PkgPath, act.Err)
			return 1
		}
		var ds []analysis.Diagnostic
		for _, d := range act.Diagnostics {
			// A package and its test variant report the same
			// diagnostics of the package's own files once.
			key := act.Package.Fset.Position(d.Pos).String() + "\x00" + d.Message
			if !seen[key] {
				seen[key] = true
				ds = append(ds, d)
			}
		}
		out = append(out, packageDiagnostics{fset: act.Package.Fset, diags: ds})
	}
	root := dir
	if root == "" {
		root, _ = filepath.Abs(".")
	} else {
		root, _ = filepath.Abs(root)
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	if err := enc.Encode(buildSARIF(root, out)); err != nil {
		fmt.Fprintf(stderr, "tpvet: writing SARIF: %v\n", err)
		return 1
	}
	return 0
}
