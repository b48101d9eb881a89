package rt

import (
	"testing"

	"github.com/tpinstr/tpinstr/rt/internal/sites"
)

// TestRegister checks that Register hands every field of the sites to the
// checker's table, with the kinds meaning the same there.
func TestRegister(t *testing.T) {
	kinds := []struct {
		rt   Kind
		site sites.Kind
	}{
		{KindUnknown, sites.KindUnknown}, {KindRead, sites.KindRead}, {KindWrite, sites.KindWrite},
		{KindAsync, sites.KindAsync}, {KindFuture, sites.KindFuture}, {KindFinish, sites.KindFinish},
		{KindGet, sites.KindGet}, {KindIsolated, sites.KindIsolated}, {KindRun, sites.KindRun},
		{KindGo, sites.KindGo}, {KindSend, sites.KindSend}, {KindRecv, sites.KindRecv},
		{KindClose, sites.KindClose}, {KindSelect, sites.KindSelect}, {KindMutex, sites.KindMutex},
		{KindWaitGroup, sites.KindWaitGroup}, {KindOnce, sites.KindOnce}, {KindCond, sites.KindCond},
		{KindAtomic, sites.KindAtomic}, {KindTime, sites.KindTime}, {KindErrgroup, sites.KindErrgroup},
		{KindGosched, sites.KindGosched},
	}
	var infos []SiteInfo
	for i, k := range kinds {
		if uint8(k.rt) != uint8(k.site) {
			t.Errorf("rt kind %d is sites kind %d", k.rt, k.site)
		}
		infos = append(infos, SiteInfo{File: "f.go", Line: int32(i + 1), Col: 2, Kind: k.rt, Expr: "x", Func: "main.f", Commute: uint8(i % 3)})
	}
	base := Register("p", infos)
	for i, si := range infos {
		got := sites.Lookup(base + uint32(i))
		want := sites.Info{File: si.File, Line: si.Line, Col: si.Col, Kind: kinds[i].site, Expr: si.Expr, Func: si.Func, Commute: si.Commute}
		if got != want {
			t.Errorf("site %d: %+v, want %+v", i, got, want)
		}
	}
}
