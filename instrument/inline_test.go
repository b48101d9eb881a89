package instrument

import (
	"strings"
	"testing"
)

// TestInlineField checks that a field, an element or a map index of a
// call's or a receive's value that the hoister cannot move is hooked in
// place (inline.go), that copy from a slice literal needs no second
// evaluation of it, and what is left unchecked.
func TestInlineField(t *testing.T) {
	tests := []struct {
		name, body string
		want       []string // in the output
		unchecked  int      // sites left without a hook
	}{
		{"field of a call after another call",
			"type conf struct{ v int }\nfunc cur() *conf { return &conf{} }\nfunc f() int { return h() + cur().v }",
			[]string{`_tpinstr_rt.ReadField(cur(), "v", `}, 0},
		{"written field of a call after another call",
			"type conf struct{ v int }\nfunc cur(int) *conf { return &conf{} }\nfunc f() { cur(h()).v = 1 }",
			[]string{`_tpinstr_rt.WriteField(cur(h()), "v", `}, 0},
		{"field promoted through an embedded struct",
			"type base struct{ v int }\ntype conf struct{ x int; base }\nfunc cur() *conf { return &conf{} }\nfunc f() int { return h() + cur().v }",
			[]string{`_tpinstr_rt.ReadField(cur(), "v", `}, 0},
		{"field promoted through an embedded pointer stays unchecked",
			"type base struct{ v int }\ntype conf struct{ *base }\nfunc cur() *conf { return &conf{} }\nfunc f() int { return h() + cur().v }",
			[]string{`_tpinstr_rt.Unchecked(`}, 2},
		{"field of a struct value needs no hook",
			"type conf struct{ v int }\nfunc cur() conf { return conf{} }\nfunc f() int { return h() + cur().v }",
			nil, 0},
		{"element of a call's slice",
			"func items() []int { return nil }\nfunc f(i int) int { return h() + items()[i] }",
			[]string{`_tpinstr_rt.ReadIndex(items(), int(i), `}, 0},
		{"written element of a call's slice",
			"func items(int) []int { return nil }\nfunc f(i int) { items(h())[i+1] = 2 }",
			[]string{`_tpinstr_rt.WriteIndex(items(h()), int(i+1), `}, 0},
		{"updated element of a received slice",
			"func f(c chan []int, n uint8) { (<-c)[n] += h() }",
			[]string{`_tpinstr_rt.WriteIndex(`, `int(n), `}, 0},
		{"element at an index that calls stays unchecked",
			"func items() []int { return nil }\nfunc f() int { return h() + items()[h()] }",
			[]string{`_tpinstr_rt.Unchecked(`}, 1},
		{"element of a call's array needs no hook",
			"func items() [4]int { return [4]int{} }\nfunc f(i int) int { return h() + items()[i] }",
			nil, 0},
		{"copy from a slice literal",
			"func f(d []int) { copy(d, []int{h(), 2}) }",
			[]string{`(d, 2), `}, 0},
		{"copy from a keyed slice literal",
			"func f(d []int) { copy(d, []int{1: h(), 5}) }",
			[]string{`(d, 3), `}, 0},
		{"copy from a keyed slice literal whose last key is not the largest",
			"func f(d []int) { copy(d, []int{7: h(), 2: 5}) }",
			[]string{`(d, 8), `}, 0},
		{"copy from a slice literal of a named type",
			"type ints []int\nfunc f(d []int) { copy(d, ints{h(), 5}) }",
			[]string{`(d, 2), `}, 0},
		{"map of a call",
			"func table() map[string]int { return nil }\nfunc f(k string) int { return h() + table()[k] }",
			[]string{`_tpinstr_rt.ReadMapIndex(table(), `}, 0},
		{"map of a call written",
			"func table(int) map[string]int { return nil }\nfunc f(k string) { table(h())[k] = 1 }",
			[]string{`_tpinstr_rt.WriteMapIndex(table(h()), `}, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, out := rewriteSource(t, hookSource(hookCase{body: tt.body}), Config{})
			for _, w := range tt.want {
				if !strings.Contains(out, w) {
					t.Errorf("output lacks %s:\n%s", w, out)
				}
			}
			if n := sumSkipped(res.Stats); n != tt.unchecked {
				t.Errorf("%d sites skipped, want %d:\n%s", n, tt.unchecked, out)
			}
		})
	}
}
