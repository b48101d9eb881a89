package checkbuild

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os/exec"
)

// goEnv is the part of the go command's environment the driver needs. It
// is read from `go env` rather than from the process environment because
// `go env -w` settings and defaults count too.
type goEnv struct {
	GOROOT     string
	GOMODCACHE string
	GOVERSION  string
	GOFLAGS    string
	GOOS       string
	GOARCH     string

	GOMOD       string // the main module's go.mod, os.DevNull or "" outside a module
	GOWORK      string // the go.work file in use, "" or "off" for none
	GO111MODULE string
	GOPATH      string
}

// readGoEnv runs `go env -json` in dir with env.
func readGoEnv(ctx context.Context, dir string, env []string) (*goEnv, error) {
	cmd := exec.CommandContext(ctx, "go", "env", "-json", "GOROOT", "GOMODCACHE", "GOVERSION", "GOFLAGS", "GOOS", "GOARCH", "GOMOD", "GOWORK", "GO111MODULE", "GOPATH")
	cmd.Dir = dir
	cmd.Env = env
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("go env: %w: %s", err, bytes.TrimSpace(stderr.Bytes()))
	}
	var e goEnv
	if err := json.Unmarshal(out, &e); err != nil {
		return nil, fmt.Errorf("go env: %w", err)
	}
	return &e, nil
}
