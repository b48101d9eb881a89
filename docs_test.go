package tpinstr

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the generated table of packages in docs/architecture.md")

const (
	architecture = "docs/architecture.md"
	beginTable   = "<!-- packages: begin -->\n"
	endTable     = "<!-- packages: end -->\n"
)

// TestArchitecture checks that docs/architecture.md draws the packages that
// exist: its table of packages is the one generated from `go list ./...`
// (the path and the first sentence of each package's documentation), and
// every path of the module that the page names in backquotes exists.
func TestArchitecture(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: runs go list")
	}
	out, err := exec.Command("go", "list", "-f", "{{.ImportPath}}\t{{.Doc}}", "./...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	table := packageTable(string(out))

	doc, err := os.ReadFile(architecture)
	if err != nil {
		t.Fatal(err)
	}
	i := bytes.Index(doc, []byte(beginTable))
	j := bytes.Index(doc, []byte(endTable))
	if i < 0 || j < i {
		t.Fatalf("%s: no %q … %q block", architecture, beginTable, endTable)
	}
	i += len(beginTable)
	if string(doc[i:j]) != table {
		if !*update {
			t.Errorf("%s: the table of packages is stale; run go test . -run TestArchitecture -update\nwant:\n%s", architecture, table)
		} else {
			doc = append(doc[:i:i], append([]byte(table), doc[j:]...)...)
			if err := os.WriteFile(architecture, doc, 0o666); err != nil {
				t.Fatal(err)
			}
		}
	}

	for _, p := range namedPaths(string(doc)) {
		if !exists(p) {
			t.Errorf("%s names %s, which does not exist", architecture, p)
		}
	}
}

// packageTable renders the output of go list -f '{{.ImportPath}}\t{{.Doc}}'
// as a Markdown table, paths relative to the module.
func packageTable(list string) string {
	const module = "github.com/tpinstr/tpinstr"
	var b strings.Builder
	b.WriteString("| package | what it is |\n|---|---|\n")
	for _, line := range strings.Split(strings.TrimSpace(list), "\n") {
		path, doc, _ := strings.Cut(line, "\t")
		rel := strings.TrimPrefix(strings.TrimPrefix(path, module), "/")
		if rel == "" {
			rel = "."
		}
		doc = strings.ReplaceAll(doc, "|", `\|`)
		fmt.Fprintf(&b, "| `%s` | %s |\n", rel, doc)
	}
	return b.String()
}

// exists reports whether p is a file or directory of the module, or a
// package directory followed by the name of one of its declarations
// (analysis/mhp.Prune).
func exists(p string) bool {
	if _, err := os.Stat(p); err == nil {
		return true
	}
	slash := strings.LastIndex(p, "/")
	dot := strings.Index(p[slash+1:], ".")
	if dot < 0 {
		return false
	}
	dir, name := p[:slash+1+dot], p[slash+2+dot:]
	st, err := os.Stat(dir)
	return err == nil && st.IsDir() && name != "" && name[0] >= 'A' && name[0] <= 'Z'
}

// pathRE matches a backquoted path of the module: a package directory or a
// file under one of the module's top-level directories.
var pathRE = regexp.MustCompile("`((?:rt|instrument|analysis|cmd|internal|testdata|docs)(?:/[A-Za-z0-9_.*-]+)*)`")

// namedPaths returns the module paths named in backquotes in doc, without
// patterns such as rt/... and without Go identifiers after the path.
func namedPaths(doc string) []string {
	var paths []string
	for _, m := range pathRE.FindAllStringSubmatch(doc, -1) {
		p := m[1]
		if strings.Contains(p, "*") || strings.HasSuffix(p, "...") || strings.Contains(p, "...") {
			continue
		}
		paths = append(paths, p)
	}
	return paths
}
