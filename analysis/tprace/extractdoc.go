package tprace

import (
	"fmt"
	"go/parser"
	"go/token"
	"strings"
)

// extractDoc returns the section "# Analyzer name" of the package comment
// of the Go source src, as x/tools' passes take their Doc from their
// doc.go: the section's first paragraph, "name: summary", becomes the
// summary line, and the text up to the next heading the rest. It panics if
// the section is missing, which the package's tests catch.
func extractDoc(src, name string) string {
	f, err := parser.ParseFile(token.NewFileSet(), "doc.go", src, parser.ParseComments|parser.PackageClauseOnly)
	if err != nil || f.Doc == nil {
		panic(fmt.Sprintf("doc.go has no package comment: %v", err))
	}
	text := f.Doc.Text()
	head := "# Analyzer " + name + "\n"
	i := strings.Index(text, head)
	if i < 0 {
		panic("doc.go lacks the section " + strings.TrimSpace(head))
	}
	body := strings.TrimLeft(text[i+len(head):], "\n")
	if j := strings.Index(body, "\n# "); j >= 0 {
		body = body[:j]
	}
	prefix := name + ": "
	if !strings.HasPrefix(body, prefix) {
		panic("the section " + strings.TrimSpace(head) + " does not start with " + prefix)
	}
	return strings.TrimSpace(strings.TrimPrefix(body, prefix)) + "\n"
}
