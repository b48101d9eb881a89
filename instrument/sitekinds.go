package instrument

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/tpinstr/tpinstr/internal/syncapi"
)

// Site kinds of plain Go. Every operation that plainGo rewrites gets a
// site whose kind names the operation (rt.KindGo, rt.KindMutex, …), so
// that reports say what the goroutine that made an access was created by
// and what operation an access at a synchronisation site belongs to (the
// read of a mutex by Lock, the word of an atomic operation). The kind
// follows from the node the site shows.

// opKinds are the kinds of the synchronisation operations of syncapi.
var opKinds = map[syncapi.Op]string{
	syncapi.MutexLock:           "KindMutex",
	syncapi.MutexUnlock:         "KindMutex",
	syncapi.MutexTryLock:        "KindMutex",
	syncapi.RWMutexLock:         "KindMutex",
	syncapi.RWMutexUnlock:       "KindMutex",
	syncapi.RWMutexTryLock:      "KindMutex",
	syncapi.RWMutexRLock:        "KindMutex",
	syncapi.RWMutexRUnlock:      "KindMutex",
	syncapi.RWMutexTryRLock:     "KindMutex",
	syncapi.LockerLock:          "KindMutex",
	syncapi.LockerUnlock:        "KindMutex",
	syncapi.WaitGroupAdd:        "KindWaitGroup",
	syncapi.WaitGroupDone:       "KindWaitGroup",
	syncapi.WaitGroupWait:       "KindWaitGroup",
	syncapi.WaitGroupGo:         "KindWaitGroup",
	syncapi.OnceDo:              "KindOnce",
	syncapi.OnceFunc:            "KindOnce",
	syncapi.OnceValue:           "KindOnce",
	syncapi.OnceValues:          "KindOnce",
	syncapi.MapLoad:             "KindAtomic",
	syncapi.MapStore:            "KindAtomic",
	syncapi.MapLoadOrStore:      "KindAtomic",
	syncapi.MapLoadAndDelete:    "KindAtomic",
	syncapi.MapDelete:           "KindAtomic",
	syncapi.MapSwap:             "KindAtomic",
	syncapi.MapCompareAndSwap:   "KindAtomic",
	syncapi.MapCompareAndDelete: "KindAtomic",
	syncapi.MapRange:            "KindAtomic",
	syncapi.MapClear:            "KindAtomic",
	syncapi.CondWait:            "KindCond",
	syncapi.CondSignal:          "KindCond",
	syncapi.CondBroadcast:       "KindCond",
	syncapi.AtomicFunc:          "KindAtomic",
	syncapi.AtomicMethod:        "KindAtomic",
	syncapi.Sleep:               "KindTime",
	syncapi.TimeAfter:           "KindTime",
	syncapi.TimeNow:             "KindTime",
	syncapi.TimeSince:           "KindTime",
	syncapi.TimeUntil:           "KindTime",
	syncapi.SynctestTest:        "KindTime",
	syncapi.SynctestWait:        "KindTime",
	syncapi.TestParallel:        "KindGo",
	syncapi.TestRun:             "KindGo",
	syncapi.ErrgroupGo:          "KindErrgroup",
	syncapi.ErrgroupWait:        "KindErrgroup",
	syncapi.ErrgroupSetLimit:    "KindErrgroup",
	syncapi.ErrgroupTryGo:       "KindErrgroup",
}

// siteKind returns the name of the rt.Kind constant of a plain-Go site
// that shows n: the statement or expression of the operation, or, for a
// range loop over a channel, the channel. It is "KindUnknown" for a node
// it does not recognise.
func (g *goRewriter) siteKind(n ast.Node) string {
	switch x := n.(type) {
	case *ast.GoStmt:
		return "KindGo"
	case *ast.ForStmt:
		return "KindGosched" // a loop that may spin (spin.go)
	case *ast.SendStmt:
		return "KindSend"
	case *ast.SelectStmt:
		return "KindSelect"
	case *ast.UnaryExpr:
		if x.Op == token.ARROW {
			return "KindRecv"
		}
	case *ast.CallExpr:
		switch fn := g.r.facts.callee(x).(type) {
		case *types.Builtin:
			if fn.Name() == "close" {
				return "KindClose"
			}
			return "KindUnknown"
		case *types.Func:
			if fn.Pkg() != nil {
				switch fn.Pkg().Path() {
				case "time":
					return "KindTime" // AfterFunc and the timers of timers.go too
				case "runtime":
					if fn.Name() == "Gosched" {
						return "KindGosched"
					}
				}
			}
		}
		if u, ok := g.classifier().Call(g.r.info, x); ok {
			if k := opKinds[u.Op]; k != "" {
				return k
			}
		}
	case *ast.SelectorExpr:
		if u, ok := g.classifier().Value(g.r.info, x); ok {
			if k := opKinds[u.Op]; k != "" {
				return k
			}
		}
	}
	if e, ok := n.(ast.Expr); ok {
		if t := g.r.info.TypeOf(e); t != nil {
			if _, isChan := coreType(t).(*types.Chan); isChan {
				return "KindRecv" // the channel of v := range ch
			}
		}
	}
	return "KindUnknown"
}
