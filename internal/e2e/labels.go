package e2e

import (
	"fmt"
	"go/scanner"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// labelPrefix starts a label comment's text, after the comment marker.
const labelPrefix = "race:"

// Site is one line of a source file.
type Site struct {
	File string // absolute, symlinks resolved where possible
	Line int
}

// String formats the site as file:line.
func (s Site) String() string { return fmt.Sprintf("%s:%d", s.File, s.Line) }

// Pair is a labelled racing pair: the two lines whose accesses race. A is
// the earlier of the two in file order; A == B when the pair is two dynamic
// instances of one line.
type Pair struct {
	ID   string
	A, B Site
}

// String formats the pair for test messages.
func (p Pair) String() string {
	if p.A == p.B {
		return fmt.Sprintf("race:%s (%s with itself)", p.ID, p.A)
	}
	return fmt.Sprintf("race:%s (%s and %s)", p.ID, p.A, p.B)
}

// Labels reads the race labels of the Go files of dir (one program) and of
// its subdirectories (the program's own packages) and returns its pairs
// sorted by ID.
// A label is a trailing line comment `// race:ID[,ID...]` (see the package
// documentation). It is an error for an ID to appear on more than two
// lines or twice on one line, for an ID to be empty or contain characters
// other than letters, digits, '_' and '-', and for a label comment to stand
// on a line of its own: each of these is a mistake in the corpus, and
// reading past it would make the end-to-end check test the wrong thing.
func Labels(dir string) ([]Pair, error) {
	abs, err := canonical(dir)
	if err != nil {
		return nil, fmt.Errorf("labels: %w", err)
	}
	sites := map[string][]Site{} // by ID, in file and line order
	err = filepath.WalkDir(abs, func(path string, e fs.DirEntry, err error) error {
		if err != nil || e.IsDir() || !strings.HasSuffix(e.Name(), ".go") {
			return err
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		return fileLabels(path, src, sites)
	})
	if err != nil {
		return nil, fmt.Errorf("labels: %w", err)
	}
	pairs := make([]Pair, 0, len(sites))
	for id, ss := range sites {
		switch len(ss) {
		case 1:
			pairs = append(pairs, Pair{ID: id, A: ss[0], B: ss[0]})
		case 2:
			pairs = append(pairs, Pair{ID: id, A: ss[0], B: ss[1]})
		default:
			return nil, fmt.Errorf("labels: race:%s is on %d lines (%s, ...); a pair has two", id, len(ss), ss[0])
		}
	}
	sort.Slice(pairs, func(i, j int) bool { return pairs[i].ID < pairs[j].ID })
	return pairs, nil
}

// fileLabels adds the labels of one file to sites. It tokenises the file
// rather than searching its text, so that "race:" inside a string literal
// or a block comment is not taken for a label.
func fileLabels(path string, src []byte, sites map[string][]Site) error {
	fset := token.NewFileSet()
	file := fset.AddFile(path, -1, len(src))
	var errs scanner.ErrorList
	var s scanner.Scanner
	s.Init(file, src, func(pos token.Position, msg string) { errs.Add(pos, msg) }, scanner.ScanComments)
	lastCode := 0 // the line of the last token that is not a comment
	for {
		pos, tok, lit := s.Scan()
		if tok == token.EOF {
			break
		}
		line := file.Line(pos)
		if tok != token.COMMENT {
			// An automatic semicolon (lit "\n") is not code on the line.
			if tok != token.SEMICOLON || lit != "\n" {
				lastCode = line
			}
			continue
		}
		ids, ok, err := parseLabel(lit)
		if err != nil {
			return fmt.Errorf("%s:%d: %w", path, line, err)
		}
		if !ok {
			continue
		}
		if lastCode != line {
			return fmt.Errorf("%s:%d: a race label must trail the access it labels, not stand on its own line", path, line)
		}
		here := Site{File: path, Line: line}
		for _, id := range ids {
			if ss := sites[id]; len(ss) > 0 && ss[len(ss)-1] == here {
				return fmt.Errorf("%s:%d: race:%s twice on one line", path, line, id)
			}
			sites[id] = append(sites[id], here)
		}
	}
	if err := errs.Err(); err != nil {
		return fmt.Errorf("scanning %s: %w", path, err)
	}
	return nil
}

// parseLabel reports whether the comment lit is a race label and returns
// its IDs. Only line comments can be labels.
func parseLabel(lit string) (ids []string, ok bool, err error) {
	text, isLine := strings.CutPrefix(lit, "//")
	if !isLine {
		return nil, false, nil
	}
	text, isLabel := strings.CutPrefix(strings.TrimSpace(text), labelPrefix)
	if !isLabel {
		return nil, false, nil
	}
	list, _, _ := strings.Cut(text, " ")
	list, _, _ = strings.Cut(list, "\t")
	for _, id := range strings.Split(list, ",") {
		if !validID(id) {
			return nil, false, fmt.Errorf("bad race label %q: IDs are non-empty and made of letters, digits, '_' and '-', separated by commas", lit)
		}
		ids = append(ids, id)
	}
	return ids, true, nil
}

func validID(id string) bool {
	if id == "" {
		return false
	}
	for _, r := range id {
		ok := r == '_' || r == '-' || ('0' <= r && r <= '9') || ('a' <= r && r <= 'z') || ('A' <= r && r <= 'Z')
		if !ok {
			return false
		}
	}
	return true
}

// canonical returns path made absolute, with symbolic links resolved when
// the path exists, so that the file names of labels and of reports compare
// equal whichever way the path was spelled.
func canonical(path string) (string, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return "", err
	}
	if real, err := filepath.EvalSymlinks(abs); err == nil {
		return real, nil
	}
	return abs, nil
}
