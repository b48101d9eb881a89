package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// errUnavailable marks a mode that cannot be built on this machine (the
// checked mode without a working tpinstr), as opposed to a kernel that
// fails to build.
var errUnavailable = errors.New("unavailable")

// builder builds the kernels' packages into a directory, once per package
// and mode (the variants of a kernel share their binaries).
type builder struct {
	root    string // module root, where the go commands run
	out     string // directory for the binaries
	goCmd   string // the go command
	tpinstr string // the tpinstr command, "" when unavailable
	whyNot  error  // why tpinstr is unavailable
	tags    string // build tags of the checked mode, "" for none
	log     io.Writer
	built   map[string]buildResult
}

type buildResult struct {
	path string
	err  error
}

// binary returns the binary of kernel k in mode m, building it on first use.
func (b *builder) binary(ctx context.Context, k kernel, m mode) (string, error) {
	key := k.pkg(m) + " " + m.String()
	if r, ok := b.built[key]; ok {
		return r.path, r.err
	}
	path, err := b.build(ctx, k.pkg(m), filepath.Join(b.out, k.dir+"."+m.String()), m)
	if b.built == nil {
		b.built = map[string]buildResult{}
	}
	b.built[key] = buildResult{path, err}
	return path, err
}

// build compiles package pkg in mode m to out.
func (b *builder) build(ctx context.Context, pkg, out string, m mode) (string, error) {
	var name string
	var args []string
	switch m {
	case modeSerial:
		name, args = b.goCmd, []string{"build", "-tags", "tpserial", "-o", out, pkg}
	case modeParallel:
		name, args = b.goCmd, []string{"build", "-o", out, pkg}
	case modeChecked:
		if b.tpinstr == "" {
			return "", fmt.Errorf("%w: %v", errUnavailable, b.whyNot)
		}
		name, args = b.tpinstr, []string{"build", "-o", out, pkg}
		if b.tags != "" {
			args = []string{"build", "-tags", b.tags, "-o", out, pkg}
		}
	case modeRace:
		name, args = b.goCmd, []string{"build", "-race", "-o", out, pkg}
	default:
		return "", fmt.Errorf("no build for %v", m)
	}
	fmt.Fprintf(b.log, "tpbench: %s %s\n", filepath.Base(name), strings.Join(args, " "))
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Dir = b.root
	if msg, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("%s %s: %w\n%s", filepath.Base(name), strings.Join(args, " "), err, msg)
	}
	return out, nil
}

// findTpinstr returns the tpinstr command to build checked binaries with,
// and where it came from for the report: explicit if given; else built from
// the module's ./cmd/tpinstr into dir, so that the rewriter matches the
// module's hook surface; else the one on PATH. It returns an error wrapping
// errUnavailable when none works.
func findTpinstr(ctx context.Context, explicit, root, dir, goCmd string, log io.Writer) (path, origin string, err error) {
	if explicit != "" {
		p, err := exec.LookPath(explicit)
		if err != nil {
			return "", "", fmt.Errorf("%w: -tpinstr %s: %v", errUnavailable, explicit, err)
		}
		return p, p, nil
	}
	var buildErr error
	if _, err := os.Stat(filepath.Join(root, "cmd", "tpinstr")); err == nil {
		out := filepath.Join(dir, "tpinstr")
		fmt.Fprintf(log, "tpbench: %s build -o %s ./cmd/tpinstr\n", goCmd, out)
		cmd := exec.CommandContext(ctx, goCmd, "build", "-o", out, "./cmd/tpinstr")
		cmd.Dir = root
		msg, err := cmd.CombinedOutput()
		if err == nil {
			return out, "built from ./cmd/tpinstr", nil
		}
		buildErr = fmt.Errorf("building ./cmd/tpinstr: %w: %s", err, firstLine(string(msg)))
	}
	if p, err := exec.LookPath("tpinstr"); err == nil {
		origin := p + " (from PATH)"
		if buildErr != nil {
			origin += "; " + buildErr.Error()
		}
		return p, origin, nil
	}
	if buildErr != nil {
		return "", "", fmt.Errorf("%w: %v, and no tpinstr on PATH", errUnavailable, buildErr)
	}
	return "", "", fmt.Errorf("%w: no ./cmd/tpinstr in the module and no tpinstr on PATH", errUnavailable)
}

// firstLine returns the first non-empty line of s, trimmed.
func firstLine(s string) string {
	for _, l := range strings.Split(s, "\n") {
		if l = strings.TrimSpace(l); l != "" {
			return l
		}
	}
	return ""
}

// moduleRoot returns the directory of the main module's go.mod, as the go
// command sees it from the current directory.
func moduleRoot(ctx context.Context, goCmd string) (string, error) {
	out, err := exec.CommandContext(ctx, goCmd, "env", "GOMOD").Output()
	if err != nil {
		return "", fmt.Errorf("go env GOMOD: %w", err)
	}
	gomod := strings.TrimSpace(string(out))
	if gomod == "" || gomod == os.DevNull {
		return "", errors.New("not inside a Go module: run tpbench in the tpinstr module (or pass -root)")
	}
	return filepath.Dir(gomod), nil
}
