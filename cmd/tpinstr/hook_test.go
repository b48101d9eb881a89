package main

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// TestHookInstall installs the hook into a throwaway repository, checks
// that a second install without -force refuses and keeps the hook there,
// and that -force replaces it.
func TestHookInstall(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	repo := t.TempDir()
	if out, err := exec.Command("git", "init", "-q", repo).CombinedOutput(); err != nil {
		t.Fatalf("git init: %v\n%s", err, out)
	}
	path, err := installHook(repo, false)
	if err != nil {
		t.Fatal(err)
	}
	if want := filepath.Join(repo, ".git", "hooks", "pre-commit"); path != want {
		t.Errorf("hook written to %s, want %s", path, want)
	}
	b, err := os.ReadFile(path)
	if err != nil || !bytes.Equal(b, []byte(preCommitHook)) {
		t.Fatalf("hook content wrong (err %v)", err)
	}
	if fi, _ := os.Stat(path); fi.Mode()&0o111 == 0 {
		t.Errorf("hook is not executable: %v", fi.Mode())
	}
	if err := os.WriteFile(path, []byte("#!/bin/sh\n# mine\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	if _, err := installHook(repo, false); !errors.Is(err, errHookExists) {
		t.Errorf("second install: %v, want errHookExists", err)
	}
	if b, _ := os.ReadFile(path); string(b) != "#!/bin/sh\n# mine\n" {
		t.Errorf("refused install changed the existing hook")
	}
	if _, err := installHook(repo, true); err != nil {
		t.Fatalf("install -force: %v", err)
	}
	if b, _ := os.ReadFile(path); !bytes.Equal(b, []byte(preCommitHook)) {
		t.Errorf("install -force did not replace the hook")
	}
	if _, err := installHook(t.TempDir(), false); err == nil {
		t.Errorf("install outside a repository succeeded")
	}
}
