package sites

import (
	"slices"
	"testing"
)

// TestFields registers the field reads and writes of a few files in
// different orders, settles, and checks which flags stay set: exactly the
// reads of which some file writes a field, or all of them when some file
// may write any field; files registered after settling update the flags
// from then on.
func TestFields(t *testing.T) {
	type file struct {
		reads, writes []string
	}
	tests := []struct {
		name   string
		before []file // registered before settling
		after  []file // registered after
		want   [][]bool
	}{
		{
			name: "nothing written",
			before: []file{
				{reads: []string{"p.T.a", "p.T.b p.U.c"}},
			},
			want: [][]bool{{false, false}},
		},
		{
			name: "written by another file",
			before: []file{
				{reads: []string{"p.T.a", "p.T.b p.U.c"}},
				{writes: []string{"p.U.c"}},
			},
			want: [][]bool{{false, true}, nil},
		},
		{
			name: "writer registered first",
			before: []file{
				{writes: []string{"p.T.a"}},
				{reads: []string{"p.T.a", "p.T.b"}, writes: []string{"q.V.x"}},
			},
			want: [][]bool{nil, {true, false}},
		},
		{
			name: "any field",
			before: []file{
				{reads: []string{"p.T.a", "p.T.b"}},
				{writes: []string{AnyField}},
			},
			want: [][]bool{{true, true}, nil},
		},
		{
			name: "writer after settling",
			before: []file{
				{reads: []string{"p.T.a", "p.T.b"}},
			},
			after: []file{
				{writes: []string{"p.T.b"}},
				{reads: []string{"p.T.b", "p.T.c"}},
			},
			want: [][]bool{{false, true}, nil, {true, false}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tab := fieldTable{written: map[string]bool{}}
			var flags [][]bool
			reg := func(f file) {
				var fl []bool
				if f.reads != nil {
					fl = make([]bool, len(f.reads))
					for i := range fl {
						fl[i] = true // as the site package declares them
					}
				}
				flags = append(flags, fl)
				tab.register(fl, f.reads, f.writes)
			}
			for _, f := range tt.before {
				reg(f)
			}
			for _, fl := range flags {
				for i, set := range fl {
					if !set {
						t.Fatalf("flag %d cleared before settling", i)
					}
				}
			}
			tab.settle()
			for _, f := range tt.after {
				reg(f)
			}
			tab.settle() // the next test's start: changes nothing
			for i := range flags {
				if !slices.Equal(flags[i], tt.want[i]) {
					t.Errorf("file %d: flags %v, want %v", i, flags[i], tt.want[i])
				}
			}
		})
	}
}
