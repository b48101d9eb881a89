package checkbuild

import (
	"reflect"
	"testing"
)

func TestMergeTags(t *testing.T) {
	tests := []struct {
		name  string
		lists [][]string
		want  string
	}{
		{"no user tags", nil, "tpinstr"},
		{"user tags after tpinstr", [][]string{{"a", "b"}}, "tpinstr,a,b"},
		{"duplicates once", [][]string{{"a", "tpinstr", "a"}, {"b", "a"}}, "tpinstr,a,b"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := mergeTags(tt.lists...); got != tt.want {
				t.Errorf("mergeTags(%q) = %q, want %q", tt.lists, got, tt.want)
			}
		})
	}
}

func TestSplitTags(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{"a,b", []string{"a", "b"}},
		{"a b", []string{"a", "b"}},
		{" a , b ,", []string{"a", "b"}},
		{"", nil},
	}
	for _, tt := range tests {
		if got := splitTags(tt.in); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("splitTags(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestGoflagsTags(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{"-buildvcs=false", nil},
		{"-tags=a,b -mod=mod", []string{"a", "b"}},
		{"--tags=a -tags=c", []string{"c"}},
	}
	for _, tt := range tests {
		if got := goflagsTags(tt.in); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("goflagsTags(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
