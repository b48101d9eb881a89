package instrument

import (
	"go/ast"
	"go/token"
	"strings"
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
