package instrument

import (
	"strings"
	"testing"
)

// TestInlineField checks that a field of a call's or a receive's value
// that the hoister cannot move is hooked in place (inline.go), and what
// is left unchecked.
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
		{"element of a call's slice stays unchecked",
			"func items() []int { return nil }\nfunc f(i int) int { return h() + items()[i] }",
			[]string{`_tpinstr_rt.Unchecked(`}, 1},
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
