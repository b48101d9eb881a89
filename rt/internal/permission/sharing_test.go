package permission

import (
	"testing"
	"unsafe"
)

// TestSharing checks which accesses strict mode reports: an unannotated
// access of a byte that another task of the Run also accesses, once the
// second task comes (the first task's access is kept until then), and
// nothing for annotated accesses, one task's accesses, or tasks of
// different Runs.
func TestSharing(t *testing.T) {
	var buf [16]byte
	p := unsafe.Pointer(&buf[0])
	base := uintptr(p)
	type note struct {
		run       int
		task      uint64
		site      uint32
		off, size uintptr
		write     bool
		annotated bool
	}
	type rep struct {
		site, other uint32
		off         uintptr
	}
	tests := []struct {
		name  string
		notes []note
		want  []rep
	}{
		{"one task", []note{{1, 1, 1, 0, 8, true, false}, {1, 1, 2, 0, 8, false, false}}, nil},
		{"second task reports the first's pending access and its own", []note{
			{1, 1, 1, 0, 8, true, false}, {1, 2, 2, 4, 4, false, false}},
			[]rep{{1, 2, 4}, {2, 1, 4}}},
		{"annotated second access reports only the first", []note{
			{1, 1, 1, 0, 8, true, false}, {1, 2, 2, 0, 8, false, true}},
			[]rep{{1, 2, 0}}},
		{"both annotated", []note{
			{1, 1, 1, 0, 8, true, true}, {1, 2, 2, 0, 8, true, true}}, nil},
		{"disjoint bytes", []note{
			{1, 1, 1, 0, 4, true, false}, {1, 2, 2, 4, 4, true, false}}, nil},
		{"different Runs", []note{
			{1, 1, 1, 0, 8, true, false}, {2, 2, 2, 0, 8, true, false}}, nil},
		{"a later access to a shared byte", []note{
			{1, 1, 1, 0, 1, true, true}, {1, 2, 2, 0, 1, true, true}, {1, 3, 3, 0, 1, false, false}},
			[]rep{{3, 1, 0}}},
	}
	for _, tt := range tests {
		s := NewSharing()
		var got []rep
		report := func(a, other Acc, addr uintptr) {
			got = append(got, rep{a.Site, other.Site, addr - base})
		}
		for _, n := range tt.notes {
			a := Acc{Key: n.task, Site: n.site, Write: n.write}
			s.Note(n.run, a, base+n.off, n.size, unsafe.Add(p, n.off), n.annotated, report)
		}
		if len(got) != len(tt.want) {
			t.Errorf("%s: reports %v, want %v", tt.name, got, tt.want)
			continue
		}
		for i := range got {
			if got[i] != tt.want[i] {
				t.Errorf("%s: reports %v, want %v", tt.name, got, tt.want)
				break
			}
		}
	}
}
