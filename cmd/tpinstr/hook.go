package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// preCommitHook is the git pre-commit hook that `tpinstr hook install`
// writes: it runs tpvet through go vet on the packages whose Go files the
// commit changes, and refuses the commit when tpvet reports a problem.
const preCommitHook = `#!/bin/sh
# Installed by 'tpinstr hook install': checks the task-parallel code of this
# commit with tpvet (go vet -vettool). Skip it once with 'git commit --no-verify'.
tpvet=$(command -v tpvet)
if [ -z "$tpvet" ]; then
	echo "pre-commit: tpvet is not on PATH (go install github.com/tpinstr/tpinstr/cmd/tpvet@latest)" >&2
	exit 1
fi
dirs=$(git diff --cached --name-only --diff-filter=ACMR -- '*.go' | xargs -r -n1 dirname | sort -u)
[ -z "$dirs" ] && exit 0
pkgs=""
for d in $dirs; do
	[ -d "$d" ] && pkgs="$pkgs ./$d"
done
[ -z "$pkgs" ] && exit 0
exec go vet -vettool="$tpvet" $pkgs
`

// hookCmd runs 'tpinstr hook install [-force]'.
func hookCmd(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 || args[0] != "install" {
		fmt.Fprintln(stderr, "usage: tpinstr hook install [-force]\nRun 'tpinstr help hook' for details.")
		return 2
	}
	fl := flag.NewFlagSet("hook install", flag.ContinueOnError)
	fl.SetOutput(stderr)
	force := fl.Bool("force", false, "replace an existing pre-commit hook")
	if err := fl.Parse(args[1:]); err != nil || fl.NArg() > 0 {
		fmt.Fprintln(stderr, "usage: tpinstr hook install [-force]")
		return 2
	}
	path, err := installHook(".", *force)
	if err != nil {
		fmt.Fprintln(stderr, "tpinstr hook install:", err)
		return 1
	}
	fmt.Fprintf(stdout, "installed the tpvet pre-commit hook in %s\n", path)
	return 0
}

// errHookExists is returned when a pre-commit hook is already there.
var errHookExists = errors.New("a pre-commit hook exists already; use -force to replace it")

// installHook writes the pre-commit hook into the git repository that holds
// dir and returns its path. It refuses to replace an existing hook unless
// force is set.
func installHook(dir string, force bool) (string, error) {
	cmd := exec.Command("git", "rev-parse", "--git-path", "hooks")
	cmd.Dir = dir
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("not in a git repository: %w: %s", err, strings.TrimSpace(stderr.String()))
	}
	hooks := strings.TrimSpace(string(out))
	if !filepath.IsAbs(hooks) {
		hooks = filepath.Join(dir, hooks)
	}
	if err := os.MkdirAll(hooks, 0o755); err != nil {
		return "", fmt.Errorf("creating the hooks directory: %w", err)
	}
	path := filepath.Join(hooks, "pre-commit")
	if _, err := os.Stat(path); err == nil && !force {
		return "", fmt.Errorf("%s: %w", path, errHookExists)
	} else if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return "", fmt.Errorf("checking %s: %w", path, err)
	}
	if err := os.WriteFile(path, []byte(preCommitHook), 0o755); err != nil {
		return "", fmt.Errorf("writing the hook: %w", err)
	}
	if err := os.Chmod(path, 0o755); err != nil {
		return "", fmt.Errorf("making the hook executable: %w", err)
	}
	return path, nil
}
