package instrument

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"go/ast"
	"go/token"
	"strconv"
	"strings"

	"golang.org/x/tools/go/packages"
)

// siteInfo is one entry of a file's site table, written out as an
// rt.SiteInfo literal.
type siteInfo struct {
	file      string
	line, col int
	kind      string // name of an rt.Kind constant
	expr      string
	fn        string
	commute   int // for an Isolated call, its body's class of commutative update (commute.go)
}

// Names of the rt.Kind constants.
const (
	kindRead     = "KindRead"
	kindWrite    = "KindWrite"
	kindAsync    = "KindAsync"
	kindFuture   = "KindFuture"
	kindFinish   = "KindFinish"
	kindGet      = "KindGet"
	kindIsolated = "KindIsolated"
	kindRun      = "KindRun"
)

// maxExprText bounds the expression text kept in a site.
const maxExprText = 60

// addSite appends a site at pos (of the original source, with //line
// directives applied, as the user sees it) and returns its index.
func (r *fileRewriter) addSite(pos token.Pos, kind string, expr ast.Node) int {
	p := r.pkg.Fset.Position(pos)
	name := ""
	if r.fn != nil {
		name = r.fn.name
	}
	r.sites = append(r.sites, siteInfo{
		file: p.Filename, line: p.Line, col: p.Column,
		kind: kind, expr: squeeze(r.text(expr)), fn: name,
	})
	r.touched = true
	return len(r.sites) - 1
}

// squeeze collapses runs of white space in s to one space and shortens it
// to at most maxExprText bytes.
func squeeze(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) > maxExprText {
		cut := maxExprText - 3
		for cut > 0 && s[cut]&0xC0 == 0x80 {
			cut-- // do not split a UTF-8 sequence
		}
		s = s[:cut] + "..."
	}
	return s
}

// Site tables live in generated packages, one per group of rewritten files
// (sitePackages), not in the rewritten files themselves. A rewritten file
// imports its group's package as sitesName and names site k of its table
// as sitesName.S<id>+k, where S<id> is the index of the file's first site
// in the runtime's table. The table is a package-level array of constants,
// which the linker lays out (no code runs to build it), and the base index
// is set by the site package's init function, which runs before any code
// of the package that imports it. So the rewritten package gains no init
// function and no dynamic initializer of its own (a program may count
// them: main..inittask), and a hook reads its base as it read the file's
// own variable before: one load of a package-level variable, no check.
//
// The package's import path is sitePkgPrefix followed by a hash of its
// content, so that any rewrite of the same files, cached or not, in a
// package or in its test variant, names the same package, and different
// rewrites never clash in one build. The build places the package in the
// runtime module's directory (through its overlay).

// sitesName is the name under which a rewritten file imports its site
// package.
const sitesName = "_tpinstrSites_"

// sitePkgPrefix is the import path prefix of the generated site packages.
const sitePkgPrefix = RTPath + "/sitetab/"

// sitePathPending stands for the site package's import path in the text of
// a rewritten file until every file of its group is rewritten and the
// package's content, which names it, is known.
const sitePathPending = sitePkgPrefix + "pending"

// SitePackage is a generated package that holds the site tables of some
// rewritten files and registers them with the runtime when the program
// starts. Its path is below RTPath + "/sitetab/"; a build compiles it as a
// package of the runtime's module, in the directory of that path.
type SitePackage struct {
	Path    string // import path
	Name    string // name of its one file
	Content []byte // the file
}

// fileTable is the site table of one rewritten file.
type fileTable struct {
	id    string // the file's suffix of generated names
	base  string // the file's base name
	sites []siteInfo
	test  bool // a _test.go file
	// The file's field reads with flags (their key sets, by flag index)
	// and the fields its writes may write (fields.go).
	fieldReads, fieldWrites []string
}

// siteImport returns the import of the file's site package, added on the
// line of the package clause.
func siteImport() string {
	return fmt.Sprintf("; import %s %q", sitesName, sitePathPending)
}

// siteTrailer returns the declarations appended to a rewritten file for its
// sites: a blank function that uses the site package, so that the import
// is used even when no hook names a site.
func (r *fileRewriter) siteTrailer() string {
	return fmt.Sprintf("\n\n// The sites of the tpinstr hooks of this file, in the original source, are\n// in %s.S%s (a generated package).\nfunc _() { _ = %s.S%s }\n", sitesName, r.id, sitesName, r.id)
}

// sitePackages returns the site packages of the rewritten files of pkg,
// whose tables are tabs, and sets the import path of each in the text of
// its files (files[i] has table tabs[i]). A package's non-test files form
// one group, its _test.go files another: a non-test file is rewritten the
// same in the package and in its test variant, and so imports the same
// site package in both.
func sitePackages(pkg *packages.Package, files []FileResult, tabs []fileTable) []SitePackage {
	var out []SitePackage
	for _, test := range []bool{false, true} {
		var group []int
		for i, t := range tabs {
			if t.test == test {
				group = append(group, i)
			}
		}
		if len(group) == 0 {
			continue
		}
		var body bytes.Buffer
		for _, i := range group {
			writeTable(&body, pkg, tabs[i])
		}
		h := sha256.New()
		fmt.Fprintf(h, "tpinstr-sites-v1\x00%s\x00", pkg.PkgPath)
		h.Write(body.Bytes())
		name := "s" + hex.EncodeToString(h.Sum(nil))[:20]
		var b bytes.Buffer
		fmt.Fprintf(&b, "// Code generated by tpinstr. DO NOT EDIT.\n\n")
		fmt.Fprintf(&b, "// Package %s holds the sites of the tpinstr hooks of files of package\n// %s.\n// Its init function registers them with the runtime when the program\n// starts.\n", name, pkg.PkgPath)
		fmt.Fprintf(&b, "package %s\n\nimport %s %q\n", name, rtName, RTPath)
		b.Write(body.Bytes())
		b.WriteString("\nfunc init() {\n")
		for _, i := range group {
			fmt.Fprintf(&b, "\tS%s = %s.Register(%q, t%s[:])\n", tabs[i].id, rtName, pkg.PkgPath, tabs[i].id)
			if t := tabs[i]; len(t.fieldReads)+len(t.fieldWrites) > 0 {
				flags := "nil"
				if len(t.fieldReads) > 0 {
					flags = "F" + t.id + "[:]"
				}
				fmt.Fprintf(&b, "\t%s.RegisterFields(%s, %s, %s)\n", rtName, flags, goStrings(t.fieldReads), goStrings(t.fieldWrites))
			}
		}
		b.WriteString("}\n")
		path := sitePkgPrefix + name
		for _, i := range group {
			files[i].Content = bytes.Replace(files[i].Content, []byte(strconv.Quote(sitePathPending)), []byte(strconv.Quote(path)), 1)
		}
		out = append(out, SitePackage{Path: path, Name: "sites.go", Content: b.Bytes()})
	}
	return out
}

// writeTable writes the declarations of one file's sites: its base index,
// set by init, and its table, a composite literal of constants.
func writeTable(b *bytes.Buffer, pkg *packages.Package, t fileTable) {
	fmt.Fprintf(b, "\n// S%s is the index of the first site of %s in the runtime's table.\nvar S%s uint32\n", t.id, t.base, t.id)
	if len(t.fieldReads) > 0 {
		fmt.Fprintf(b, "\n// F%s are the flags of the field reads of %s: a cleared flag stops the\n// read's hook (rt.RegisterFields).\nvar F%s = [...]bool{%s}\n", t.id, t.base, t.id, strings.TrimSuffix(strings.Repeat("true, ", len(t.fieldReads)), ", "))
	}
	fmt.Fprintf(b, "\nvar t%s = [...]%s.SiteInfo{", t.id, rtName)
	if len(t.sites) > 0 {
		b.WriteString("\n")
	}
	for _, s := range t.sites {
		fn := s.fn
		if fn != "" {
			fn = pkg.Name + "." + fn // as the runtime names functions
		}
		commute := ""
		if s.commute != commuteNone {
			commute = fmt.Sprintf(", Commute: %d", s.commute)
		}
		fmt.Fprintf(b, "\t{File: %q, Line: %d, Col: %d, Kind: %s.%s, Expr: %q, Func: %q%s},\n",
			s.file, s.line, s.col, rtName, s.kind, s.expr, fn, commute)
	}
	b.WriteString("}\n")
}

// goStrings returns a Go expression of type []string with the elements ss,
// or nil.
func goStrings(ss []string) string {
	if len(ss) == 0 {
		return "nil"
	}
	q := make([]string, len(ss))
	for i, s := range ss {
		q[i] = strconv.Quote(s)
	}
	return "[]string{" + strings.Join(q, ", ") + "}"
}
