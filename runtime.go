// Package tpinstr holds the source of the runtime that checked builds link:
// the packages rt, rt/task and rt/internal/..., embedded in every program
// that imports this package (the tpinstr command), so that a checked build
// always uses the runtime its hooks were written for, whatever version of
// this module, if any, the checked program's own go.mod names.
package tpinstr

import (
	"bufio"
	"bytes"
	"embed"
	"fmt"
	"io/fs"
	"strings"
)

//go:embed go.mod rt
var source embed.FS

// RuntimeDir is the directory of the runtime packages, relative to the
// module root.
const RuntimeDir = "rt"

// RuntimeFiles returns the runtime's source files by slash-separated path
// relative to the module root ("rt/task/task.go"): every file under
// RuntimeDir except tests (_test.go files) and testdata directories.
func RuntimeFiles() (map[string][]byte, error) {
	files := map[string][]byte{}
	err := fs.WalkDir(source, RuntimeDir, func(name string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if d.Name() == "testdata" {
				return fs.SkipDir
			}
			return nil
		}
		if strings.HasSuffix(name, "_test.go") {
			return nil
		}
		b, err := source.ReadFile(name)
		if err != nil {
			return err
		}
		files[name] = b
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("reading the embedded runtime: %w", err)
	}
	return files, nil
}

// GoVersion returns the Go language version the runtime is written for:
// the go directive of this module's go.mod ("1.26.0").
func GoVersion() string {
	b, err := source.ReadFile("go.mod")
	if err != nil {
		panic(err) // embedded at build time
	}
	sc := bufio.NewScanner(bytes.NewReader(b))
	for sc.Scan() {
		if v, ok := strings.CutPrefix(strings.TrimSpace(sc.Text()), "go "); ok {
			return strings.TrimSpace(v)
		}
	}
	return ""
}

// ModulePath is the path of this module, which the runtime's import paths
// start with.
const ModulePath = "github.com/tpinstr/tpinstr"
