package instrument

import (
	"go/ast"

	"github.com/tpinstr/tpinstr/internal/syncapi"
)

// The calls of package time that read or wait on the clock of a checked
// run of goroutines, which jumps over the waits it need not make
// (rt/internal/goexec's timers.go):
//
//	time.After(d)  →  rt.After(d, site)
//	time.Now()     →  rt.Now(site)
//	time.Since(t)  →  rt.Since(t, site)
//	time.Until(t)  →  rt.Until(t, site)
//
// Used as values (clock := time.Now), they stay as they are and read the
// wall clock.

// timeHooks names the hook of each.
var timeHooks = map[syncapi.Op]string{
	syncapi.TimeAfter: "After",
	syncapi.TimeNow:   "Now",
	syncapi.TimeSince: "Since",
	syncapi.TimeUntil: "Until",
}

// timeCall rewrites the call x of package time, classified as u, when it
// is one of the above, and reports whether it was.
func (g *goRewriter) timeCall(u syncapi.Use, x *ast.CallExpr) bool {
	hook, ok := timeHooks[u.Op]
	if !ok {
		return false
	}
	if u.Form != syncapi.Direct {
		return true
	}
	site := g.site(x.Pos(), x)
	g.keepImport(x.Fun, hook)
	g.replace(x.Fun.Pos(), x.Fun.End(), rt(hook))
	if len(x.Args) == 0 {
		g.insert(x.Rparen, site, prioAtClose)
	} else {
		g.insert(x.Rparen, ", "+site, prioAtClose)
	}
	return true
}
