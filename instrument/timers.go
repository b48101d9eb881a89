package instrument

import (
	"go/ast"
	"go/types"

	"github.com/tpinstr/tpinstr/internal/syncapi"
)

// The calls of packages time and context that read or wait on the clock
// of a checked run of goroutines, which jumps over the waits it need not
// make (rt/internal/goexec's timers.go):
//
//	time.After(d)      →  rt.After(d, site)
//	time.Now()         →  rt.Now(site)
//	time.Since(t)      →  rt.Since(t, site)
//	time.Until(t)      →  rt.Until(t, site)
//	time.NewTimer(d)   →  rt.NewTimer(d, site)
//	time.NewTicker(d)  →  rt.NewTicker(d, site)
//	time.Tick(d)       →  rt.Tick(d, site)
//	t.Stop()           →  rt.TimerStop(t, site)      (a *time.Timer; rt.TickerStop for a *time.Ticker)
//	t.Reset(d)         →  rt.TimerReset(t, d, site)  (rt.TickerReset)
//	context.WithTimeout(ctx, d)   →  rt.WithTimeout(ctx, d, site)
//	context.WithDeadline(ctx, t)  →  rt.WithDeadline(ctx, t, site)
//	(and WithTimeoutCause, WithDeadlineCause; WithCancel and
//	WithCancelCause, so that the run sees the cancellation of a chain)
//	context.AfterFunc(ctx, f)     →  rt.ContextAfterFunc(ctx, f, site)
//	                      (f on a goroutine of the run, started by the cancel)
//	sync.OnceValue(f)  →  rt.OnceValue(f, site)  (OnceFunc, OnceValues: a
//	                      function that calls f through the run's Once)
//
// The methods are rewritten as those of package sync are (plaingo.go's
// hookOf), method values and method expressions included. The timers the
// hooks return are *time.Timer and *time.Ticker values whose channel C
// the run's clock feeds.
//
// Used as values, the functions that read or wait on the clock become
// functions of their hooks (clockValues), so that an injected clock reads
// the run's, as the timers it arms count on it:
//
//	now := time.Now    →  now := _tpinstrFunc0_1(rt.Now, site)
//
// The others (the context functions, OnceValue, ...) stay as they are as
// values. A bubble of testing/synctest has a clock and goroutines of
// its own, which the runtime controls: the checked run leaves them alone
// while its function runs (rt.Bubble):
//
//	synctest.Test(t, f)  →  synctest.Test(t, rt.Bubble(f, site))

// timeHooks names the hook of each.
var timeHooks = map[syncapi.Op]string{
	syncapi.TimeAfter: "After",
	syncapi.TimeNow:   "Now",
	syncapi.TimeSince: "Since",
	syncapi.TimeUntil: "Until",

	syncapi.TimeNewTimer:      "NewTimer",
	syncapi.TimeNewTicker:     "NewTicker",
	syncapi.TimeTick:          "Tick",
	syncapi.WithDeadline:      "WithDeadline",
	syncapi.WithTimeout:       "WithTimeout",
	syncapi.WithDeadlineCause: "WithDeadlineCause",
	syncapi.WithTimeoutCause:  "WithTimeoutCause",
	syncapi.WithCancel:        "WithCancel",
	syncapi.WithCancelCause:   "WithCancelCause",
	syncapi.ContextAfterFunc:  "ContextAfterFunc",

	// Not of the clock, but rewritten the same way: the function they
	// return calls f through a Once of the run.
	syncapi.OnceFunc:   "OnceFunc",
	syncapi.OnceValue:  "OnceValue",
	syncapi.OnceValues: "OnceValues",
}

// clockValues names the hooks of the functions of package time that are
// rewritten where they are used as values (clockValue).
var clockValues = map[syncapi.Op]string{
	syncapi.TimeNow:       "Now",
	syncapi.TimeSince:     "Since",
	syncapi.TimeUntil:     "Until",
	syncapi.Sleep:         "Sleep",
	syncapi.TimeAfter:     "After",
	syncapi.TimeNewTimer:  "NewTimer",
	syncapi.TimeNewTicker: "NewTicker",
	syncapi.TimeTick:      "Tick",
}

// clockValue rewrites the function of package time that u uses as a
// value into a function that calls its hook with the site.
func (g *goRewriter) clockValue(u syncapi.Use, hook string) {
	sig, _ := u.Func.Type().(*types.Signature)
	sel, _ := ast.Unparen(u.Fun).(*ast.SelectorExpr)
	if sig == nil || sel == nil {
		g.r.skip("function of package time used as a value without its package name")
		return
	}
	site := g.site(sel.Pos(), sel)
	helper := g.helper("Func", sig.Params().Len(), false, sig.Results().Len())
	g.keepImport(u.Fun, u.Func.Name())
	g.replace(u.Fun.Pos(), u.Fun.End(), helper+"("+rt(hook)+", "+site+")")
}

// timeCall rewrites the call x of package time, classified as u, when it
// is one of the above, and reports whether it was.
func (g *goRewriter) timeCall(u syncapi.Use, x *ast.CallExpr) bool {
	if u.Op == syncapi.SynctestTest {
		if u.Form == syncapi.Direct && len(x.Args) == 2 {
			site := g.site(x.Pos(), x)
			g.insert(x.Args[1].Pos(), rt("Bubble")+"(", prioAtOpen)
			g.insert(x.Args[1].End(), ", "+site+")", prioAtClose)
		}
		return true
	}
	hook, ok := timeHooks[u.Op]
	if !ok {
		return false
	}
	if u.Form != syncapi.Direct {
		return true
	}
	site := g.site(x.Pos(), x)
	switch u.Op {
	case syncapi.OnceValue, syncapi.OnceValues:
		// Generic: the import is kept by an instance.
		g.keepImport(x.Fun, map[syncapi.Op]string{syncapi.OnceValue: "OnceValue[int]", syncapi.OnceValues: "OnceValues[int, int]"}[u.Op])
	default:
		g.keepImport(x.Fun, u.Func.Name())
	}
	g.replace(x.Fun.Pos(), x.Fun.End(), rt(hook))
	if len(x.Args) == 0 {
		g.insert(x.Rparen, site, prioAtClose)
	} else {
		g.insert(x.Rparen, ", "+site, prioAtClose)
	}
	return true
}

// recvOperand returns the text of the channel operand e of a receive case
// of a select statement, as plainText does, or, when e is a call of
// time.After whose argument is plain (case <-time.After(d):), the text of
// the hook's call, which the rewritten select evaluates where the original
// did.
func (g *goRewriter) recvOperand(e ast.Expr) (string, bool) {
	x, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok || len(x.Args) != 1 {
		return g.plainText(e)
	}
	u, ok := g.classifier().Call(g.r.info, x)
	if !ok || u.Op != syncapi.TimeAfter || u.Form != syncapi.Direct {
		return g.plainText(e)
	}
	d, ok := g.plainText(x.Args[0])
	if !ok {
		return "", false
	}
	g.handled[x] = true
	g.handled[ast.Unparen(x.Fun)] = true
	g.keepImport(x.Fun, "After")
	return rt("After") + "(" + d + ", " + g.site(x.Pos(), x) + ")", true
}
