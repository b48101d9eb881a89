package checkbuild

import (
	"path/filepath"
	"testing"
)

// TestMapperAliases checks how the mapper turns the paths of a vendor
// workspace (see runtimeInVendorWorkspace) back into the user's: a file
// below the user's working directory in the form the go command prints,
// whether the path reached the mapper absolute or relative, the
// workspace's own directory to the module's, and phrases of the go
// command to the module's.
func TestMapperAliases(t *testing.T) {
	if filepath.Separator != '/' {
		t.Skip("the paths below are slash-separated")
	}
	const (
		cwd  = "/home/u/app"
		ws   = "/home/u/.cache/tpinstr/vendor/123"
		work = "/tmp/tpinstr-1"
	)
	w := &workDir{dir: work}
	w.alias(ws+"/vendor/", "vendor/")
	w.alias(ws+"/vendor", cwd+"/vendor")
	w.alias(ws, cwd)
	w.alias("go work vendor", "go mod vendor")
	r := w.mapper(cwd)
	tests := []struct{ in, want string }{
		{ws + "/vendor/example.com/dep/dep.go:3:1: bad", "vendor/example.com/dep/dep.go:3:1: bad"},
		{"../.cache/tpinstr/vendor/123/vendor/example.com/dep/dep.go:3:1: bad", "vendor/example.com/dep/dep.go:3:1: bad"},
		{"reading " + ws + "/vendor: denied", "reading " + cwd + "/vendor: denied"},
		{"go: inconsistent vendoring in " + ws + ":", "go: inconsistent vendoring in " + cwd + ":"},
		{"\t\tgo work vendor", "\t\tgo mod vendor"},
		{work + "/overlay.json", workVar + "/overlay.json"},
	}
	for _, tt := range tests {
		if got := r.Replace(tt.in); got != tt.want {
			t.Errorf("mapped %q to %q, want %q", tt.in, got, tt.want)
		}
	}
}
