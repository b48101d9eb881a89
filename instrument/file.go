package instrument

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"hash/fnv"
	"path/filepath"
	"strings"

	"golang.org/x/tools/go/packages"
)

// fileRewriter plans the hooks of one file: it walks the file's
// statements (stmt.go), collects their accesses (access.go, calls.go),
// asks its facts what the program does (facts.go), lets each optimization
// unit decide which hooks another one stands for (optimize.go), and hands
// each hook it places to its emitter (emit.go). The emitter is embedded:
// the planner reaches the file's text and edits through it.
type fileRewriter struct {
	*emitter
	pkg   *packages.Package
	cfg   *Config
	info  *types.Info
	file  *ast.File
	stats *Stats
	facts *facts // what planning knows of the program (facts.go)

	sites []siteInfo // the file's site table

	bodyNames map[*ast.BlockStmt]string // names of the functions rewritten, by body (plaingo.go)
	variants  map[*types.Func]bool      // helpers whose variant without hooks is in the trailer (callee.go)

	fn   *funcCtx  // the function being rewritten
	line *straight // the stretch of straight-line code being rewritten (straight.go)

	rangeWraps []rangeWrap // range expressions to wrap once every other edit is made (rangetemp.go)
}

// funcCtx describes the function whose body is being rewritten.
type funcCtx struct {
	name    string
	hasGoto bool // the body contains a goto: temporaries need a block
	lits    int  // function literals named so far inside it

	covers    []cover         // loop optimizations in force (cover.go)
	usedFlags map[string]bool // flags of invariant.go that a placed hook uses
	// spanLoops are the loop bodies whose accessor runs got their range
	// hooks with the loop's sliceloop hooks (spanrun.go, spanLoopPlan).
	spanLoops map[*ast.BlockStmt]bool
}

// rewriteFile returns the rewritten text of file and its site table, or
// nil when it has nothing to rewrite.
func rewriteFile(pkg *packages.Package, cfg *Config, file *ast.File, tf *token.File, src []byte, st *Stats) ([]byte, fileTable, error) {
	// The suffix of generated names must differ between the files of one
	// program and not depend on where the module is: hash the package path
	// and the file's base name.
	h := fnv.New32a()
	h.Write([]byte(pkg.PkgPath + "/" + filepath.Base(tf.Name())))
	r := &fileRewriter{
		emitter: newEmitter(tf, src, fmt.Sprintf("%08x", h.Sum32())),
		pkg:     pkg, cfg: cfg, info: pkg.TypesInfo, file: file,
		facts: newFacts(pkg, cfg, file),
		stats: st,
	}
	if !cfg.Disable[OptFields] {
		r.flags = newFieldFlags(pkg.TypesInfo, file, r.id)
	}
	r.bodyNames = map[*ast.BlockStmt]string{}
	r.program()
	for _, d := range file.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			if d.Body != nil {
				r.funcBody(funcDeclName(d), d.Body)
			}
		case *ast.GenDecl:
			// Package-level initializers run before any task exists; only
			// the function literals in them are rewritten.
			r.litsIn(d, "glob.")
		}
	}
	if !cfg.NoPlainGo {
		r.plainGo()
	}
	r.wrapRanges()
	r.allocs()
	var fieldReads, fieldWrites []string
	if r.flags != nil {
		fieldReads, fieldWrites = r.flags.sets, r.flags.writeKeys()
	}
	if r.buf.empty() {
		if len(fieldWrites) == 0 {
			return nil, fileTable{}, nil
		}
		// Nothing to hook, but fields that the file writes outside hooks
		// (fields.go): its site package registers them, and the file
		// imports rt like any rewritten file.
		r.trailer = append(r.trailer, "// This file has no hook; its site package registers the fields it writes.\nvar _ = "+rtName+".RegisterFields")
	}
	r.raiseVersion()
	r.emitter.finish(r.file, siteImport(), r.siteTrailer())
	name := filepath.Base(tf.Name())
	return r.buf.bytes(), fileTable{id: r.id, base: name, sites: r.sites, test: strings.HasSuffix(name, "_test.go"), fieldReads: fieldReads, fieldWrites: fieldWrites}, nil
}

// funcDeclName returns the name of a function or method as Go's runtime
// prints it: F, T.M or (*T).M.
func funcDeclName(d *ast.FuncDecl) string {
	if d.Recv == nil || len(d.Recv.List) == 0 {
		return d.Name.Name
	}
	t := d.Recv.List[0].Type
	star := false
	if s, ok := t.(*ast.StarExpr); ok {
		star, t = true, s.X
	}
	switch x := t.(type) {
	case *ast.IndexExpr:
		t = x.X
	case *ast.IndexListExpr:
		t = x.X
	}
	name := "?"
	if id, ok := t.(*ast.Ident); ok {
		name = id.Name
	}
	if star {
		return "(*" + name + ")." + d.Name.Name
	}
	return name + "." + d.Name.Name
}

// funcBody rewrites the body of one function.
func (r *fileRewriter) funcBody(name string, body *ast.BlockStmt) {
	outer := r.fn
	r.bodyNames[body] = name
	r.fn = &funcCtx{name: name, hasGoto: hasGoto(body), usedFlags: map[string]bool{}}
	r.stmtList(body.List)
	r.fn = outer
}

// funcLit rewrites the body of a function literal met inside the function
// being rewritten (or inside a package-level declaration when r.fn is nil).
func (r *fileRewriter) funcLit(lit *ast.FuncLit) {
	var name string
	if r.fn == nil {
		name = "glob.func"
	} else {
		r.fn.lits++
		if strings.Contains(r.fn.name, ".func") {
			name = fmt.Sprintf("%s.%d", r.fn.name, r.fn.lits)
		} else {
			name = fmt.Sprintf("%s.func%d", r.fn.name, r.fn.lits)
		}
	}
	r.funcBody(name, lit.Body)
}

// litsIn rewrites the function literals that appear in node outside any
// function body.
func (r *fileRewriter) litsIn(node ast.Node, prefix string) {
	n := 0
	ast.Inspect(node, func(x ast.Node) bool {
		if lit, ok := x.(*ast.FuncLit); ok {
			n++
			r.fn = nil
			r.funcBody(fmt.Sprintf("%sfunc%d", prefix, n), lit.Body)
			return false
		}
		return true
	})
}

// hasGoto reports whether body contains a goto statement (outside nested
// function literals, which are bodies of their own).
func hasGoto(body *ast.BlockStmt) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.BranchStmt:
			if n.Tok == token.GOTO {
				found = true
			}
		}
		return !found
	})
	return found
}

// skip counts a task-library call left without a site.
func (r *fileRewriter) skip(reason string) { r.stats.Skipped[reason]++ }

// skipAccess counts an access site left without a hook.
func (r *fileRewriter) skipAccess(reason string) {
	r.stats.AccessSites++
	r.stats.Skipped[reason]++
}

// siteRef returns the expression that names site k of the file.
func (r *fileRewriter) siteRef(k int) string {
	return fmt.Sprintf("%s.S%s+%d", sitesName, r.id, k)
}
