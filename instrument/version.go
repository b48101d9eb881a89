package instrument

import (
	"go/build/constraint"
	"go/version"
	"strings"
)

// The language version of rewritten files. The rewriter's additions use
// generics (rt.AllocSlice, rt.Alloc, the span and type-assertion helpers
// of the trailer), which need go1.18, while a module whose go.mod says
// `go 1.16` (or has no go line) has its files compiled as go1.16. Since
// Go 1.21 a file's //go:build line may raise its own version past its
// module's (golang/go#59033), so a rewritten file older than minVersion
// gets one:
//
//	//go:build go1.21                       (the file had no constraint)
//	//go:build linux && go1.21              (it had //go:build linux, on its line)
//	//go:build (linux || darwin) && go1.21  (it had only // +build lines, which the new line overrides)
//
// minVersion is go1.21 because the go command takes a file version below
// it as go1.21 anyway, and the only change of meaning in the versions up
// to it concerns none of the old file's code: go1.22, which gives each
// iteration of a for loop its own variables, would change what a
// goroutine that captures a loop variable shares, which is just what the
// checker must see as written. Inserting a line above the package clause
// would move every position of the file, so a new header ends with a
// /*line*/ directive that puts the rest back at line 1 of the original
// file; a //go:build line already there is rewritten on its own line.
const minVersion = "go1.21"

// raiseVersion gives the rewritten file the build constraint above when
// its language version is older than minVersion.
func (r *fileRewriter) raiseVersion() {
	v := r.info.FileVersions[r.file]
	if v == "" || version.Compare(v, minVersion) >= 0 {
		return
	}
	var plus []constraint.Expr
	for _, g := range r.file.Comments {
		if g.Pos() >= r.file.Package {
			break
		}
		for _, c := range g.List {
			switch {
			case constraint.IsGoBuild(c.Text):
				x, err := constraint.Parse(c.Text)
				if err != nil {
					return // the go command reports it as it is
				}
				r.buf.replace(r.off(c.Pos()), r.off(c.End()), "//go:build "+withVersion(x).String())
				return
			case constraint.IsPlusBuild(c.Text):
				if x, err := constraint.Parse(c.Text); err == nil {
					plus = append(plus, x)
				}
			}
		}
	}
	var x constraint.Expr = &constraint.TagExpr{Tag: minVersion}
	if len(plus) > 0 {
		y := plus[0]
		for _, p := range plus[1:] {
			y = &constraint.AndExpr{X: y, Y: p}
		}
		x = withVersion(y)
	}
	name := r.tf.Name()
	if strings.ContainsAny(name, "*\n") {
		return // no /*line*/ directive can name it
	}
	r.buf.insert(0, "//go:build "+x.String()+"\n\n/*line "+name+":1:1*/", prioFirst-100)
}

// withVersion returns x && minVersion.
func withVersion(x constraint.Expr) constraint.Expr {
	return &constraint.AndExpr{X: x, Y: &constraint.TagExpr{Tag: minVersion}}
}
