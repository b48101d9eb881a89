package checkbuild

import (
	"strings"
	"testing"
)

// TestCgoMain checks the edit of a file that declares func main and
// imports "C": the runtime imported on the package clause's line and
// rt.Exit deferred first in main, no line moved; other files unchanged.
func TestCgoMain(t *testing.T) {
	const rtPath = "example.com/rt"
	tests := []struct {
		name, src, want string // want "" for no edit
	}{
		{
			name: "main in a cgo file",
			src:  "package main\n\n// int one(void) { return 1; }\nimport \"C\"\n\nfunc main() {\n\tprintln(C.one())\n}\n",
			want: "package main; import _tpinstr_rt \"example.com/rt\"\n\n// int one(void) { return 1; }\nimport \"C\"\n\nfunc main() {defer _tpinstr_rt.Exit(); \n\tprintln(C.one())\n}\n",
		},
		{
			name: "comment after the package clause",
			src:  "package main // the program\n\nimport \"C\"\n\nfunc helper() {}\n\nfunc main() { helper() }\n",
			want: "package main; import _tpinstr_rt \"example.com/rt\" // the program\n\nimport \"C\"\n\nfunc helper() {}\n\nfunc main() {defer _tpinstr_rt.Exit();  helper() }\n",
		},
		{
			name: "no import of C",
			src:  "package main\n\nfunc main() {}\n",
		},
		{
			name: "cgo file without main",
			src:  "package main\n\nimport \"C\"\n\nfunc helper() {}\n\ntype T struct{}\n\nfunc (T) main() {}\n",
		},
		{
			name: "syntax error",
			src:  "package main\n\nimport \"C\"\n\nfunc main() {\n",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := cgoMain("main.go", []byte(tt.src), rtPath)
			if ok != (tt.want != "") || string(got) != tt.want {
				t.Errorf("cgoMain = %q, %v; want %q", got, ok, tt.want)
			}
			if ok && strings.Count(string(got), "\n") != strings.Count(tt.src, "\n") {
				t.Errorf("the edit moved lines:\n%s", got)
			}
		})
	}
}
