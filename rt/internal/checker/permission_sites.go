package checker

import (
	"runtime"

	"github.com/tpinstr/tpinstr/rt/internal/sites"
)

// The calls of the permission API are not rewritten (they access nothing
// by themselves), so they have no site in the tables of rewritten
// packages. The checked task library passes the return address of each
// call instead, and rt registers a site for it the first time it sees it,
// from the position that the binary's symbol table gives: the line in the
// user's file, without a column.

// siteKey identifies a permission call: its return address.
type siteKey struct{ pc uintptr }

// permSite returns the site of the permission call op (the name of the
// task-library function, such as "AcquireW") at return address pc.
func (st *state) permSite(op string, pc uintptr, write bool) uint32 {
	ps := st.permSync()
	k := siteKey{pc}
	if s, ok := ps.sites[k]; ok {
		return s
	}
	s := sites.Register([]sites.Info{permSiteInfo(op, pc, write)})
	ps.sites[k] = s
	return s
}

// permSiteInfo describes the permission call op at return address pc.
func permSiteInfo(op string, pc uintptr, write bool) sites.Info {
	kind := sites.KindRead
	if write {
		kind = sites.KindWrite
	}
	si := sites.Info{Kind: kind, Expr: "the region of task." + op}
	if pc == 0 {
		return si
	}
	f, _ := runtime.CallersFrames([]uintptr{pc}).Next()
	si.File, si.Line, si.Func = f.File, int32(f.Line), funcName(f.Function)
	return si
}
