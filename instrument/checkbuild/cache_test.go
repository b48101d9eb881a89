package checkbuild

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"
)

func TestCacheRoundTrip(t *testing.T) {
	c := openCache(t.TempDir())
	k1, k2 := key{1}, key{2}
	r := &Result{
		Files: []FileResult{{Path: "/m/a.go", Content: []byte("package a\n\x00binary-safe")}},
		Stats: Stats{Package: "example.com/m", AccessSites: 3, Hooks: 2, Pruned: 1, TaskCalls: 4},
	}
	if _, ok := c.get(k1); ok {
		t.Fatal("get on an empty cache hit")
	}
	if err := c.put(k1, r); err != nil {
		t.Fatal(err)
	}
	got, ok := c.get(k1)
	if !ok || !reflect.DeepEqual(got, r) {
		t.Errorf("get(k1) = %+v, %v; want %+v, true", got, ok, r)
	}
	if _, ok := c.get(k2); ok {
		t.Error("get(k2) hit an entry that was never put")
	}
	if err := os.MkdirAll(filepath.Dir(c.file(k2)), 0o777); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(c.file(k2), []byte("{not json"), 0o666); err != nil {
		t.Fatal(err)
	}
	if _, ok := c.get(k2); ok {
		t.Error("get of a corrupt entry hit")
	}
	var off *cache
	if _, ok := off.get(k1); ok || off.put(k1, r) != nil || off.trim() != nil {
		t.Error("a nil cache is not a no-op")
	}
}

func TestCacheTrim(t *testing.T) {
	now := time.Date(2030, 1, 10, 12, 0, 0, 0, time.UTC)
	c := openCache(t.TempDir())
	c.now = func() time.Time { return now }
	old, fresh, used := key{1}, key{2}, key{3}
	for _, k := range []key{old, fresh, used} {
		if err := c.put(k, &Result{}); err != nil {
			t.Fatal(err)
		}
	}
	setAge := func(k key, age time.Duration) {
		t.Helper()
		if err := os.Chtimes(c.file(k), now.Add(-age), now.Add(-age)); err != nil {
			t.Fatal(err)
		}
	}
	setAge(old, 6*24*time.Hour)
	setAge(fresh, 4*24*time.Hour)
	setAge(used, 6*24*time.Hour)
	if _, ok := c.get(used); !ok { // a hit refreshes the entry
		t.Fatal("get(used) missed")
	}
	if err := c.trim(); err != nil {
		t.Fatal(err)
	}
	for k, want := range map[key]bool{old: false, fresh: true, used: true} {
		if got := fileExists(c.file(k)); got != want {
			t.Errorf("after trim, entry %x exists = %v, want %v", k[:1], got, want)
		}
	}

	// A second trim within a day does nothing, even to old entries.
	setAge(fresh, 6*24*time.Hour)
	now = now.Add(time.Hour)
	if err := c.trim(); err != nil {
		t.Fatal(err)
	}
	if !fileExists(c.file(fresh)) {
		t.Error("a trim within a day of the last one deleted an entry")
	}
	now = now.Add(trimInterval)
	if err := c.trim(); err != nil {
		t.Fatal(err)
	}
	if fileExists(c.file(fresh)) {
		t.Error("a trim a day later kept an entry unused for six days")
	}
	if !fileExists(filepath.Join(c.dir, "README")) {
		t.Error("the cache has no README")
	}
}

func TestCacheDir(t *testing.T) {
	abs := filepath.Join(t.TempDir(), "c")
	tests := []struct {
		name    string
		env     []string
		want    string
		wantErr bool
	}{
		{"set", []string{CacheEnv + "=" + abs}, abs, false},
		{"off", []string{CacheEnv + "=" + abs, CacheEnv + "=off"}, "", false},
		{"relative", []string{CacheEnv + "=rel/dir"}, "", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := CacheDir(tt.env)
			if (err != nil) != tt.wantErr || got != tt.want {
				t.Errorf("CacheDir(%q) = %q, %v; want %q, error %v", tt.env, got, err, tt.want, tt.wantErr)
			}
		})
	}
	if got, err := CacheDir(nil); err == nil && filepath.Base(got) != "tpinstr" {
		t.Errorf("default CacheDir = %q, want a directory named tpinstr", got)
	}
}

func TestClean(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "cache")
	c := openCache(dir)
	if err := c.put(key{1}, &Result{}); err != nil {
		t.Fatal(err)
	}
	if err := Clean(dir); err != nil {
		t.Fatal(err)
	}
	if fileExists(dir) {
		t.Error("Clean left the cache directory")
	}
}

// writeTreeFixture writes under the cache directory dir a runtime copy and
// a vendor workspace whose vendor directory links to userVendor, as builds
// leave them, and returns their directories.
func writeTreeFixture(t *testing.T, dir, userVendor, name string) (rtTree, ws string) {
	t.Helper()
	rtTree = filepath.Join(dir, "runtime", name)
	ws = filepath.Join(dir, "vendor", name)
	if err := writeFile(filepath.Join(runtimeModuleDir(rtTree), "go.mod"), []byte("module "+runtimeModule+"\n")); err != nil {
		t.Fatal(err)
	}
	if err := writeWorkspaceTree(filepath.Join(dir, "vendor"), ws, map[string][]byte{"go.work": []byte("go 1.24\n")}, userVendor, []string{"example.com"}); err != nil {
		t.Fatal(err)
	}
	return rtTree, ws
}

// TestCacheTrimTrees checks that a trim deletes the runtime copies and
// vendor workspaces unused for trimAge, keeps those used since, and never
// deletes what a workspace's links point to.
func TestCacheTrimTrees(t *testing.T) {
	now := time.Now()
	dir := t.TempDir()
	c := openCache(dir)
	c.now = func() time.Time { return now }
	userVendor := filepath.Join(t.TempDir(), "vendor")
	if err := writeFile(filepath.Join(userVendor, "example.com", "dep", "dep.go"), []byte("package dep\n")); err != nil {
		t.Fatal(err)
	}
	oldRT, oldWS := writeTreeFixture(t, dir, userVendor, "old")
	usedRT, usedWS := writeTreeFixture(t, dir, userVendor, "used")
	freshRT, freshWS := writeTreeFixture(t, dir, userVendor, "fresh")
	age := func(p string, d time.Duration) {
		t.Helper()
		if err := os.Chtimes(p, now.Add(-d), now.Add(-d)); err != nil {
			t.Fatal(err)
		}
	}
	for _, p := range []string{oldRT, oldWS, usedRT, usedWS} {
		age(p, 6*24*time.Hour)
	}
	for _, p := range []string{freshRT, freshWS} {
		age(p, 4*24*time.Hour)
	}
	touchTree(usedRT) // as writeRuntime and writeVendorWorkspace do on a hit
	touchTree(usedWS)
	if err := c.trim(); err != nil {
		t.Fatal(err)
	}
	for p, want := range map[string]bool{oldRT: false, oldWS: false, usedRT: true, usedWS: true, freshRT: true, freshWS: true} {
		if got := fileExists(p); got != want {
			t.Errorf("after trim, %s exists = %v, want %v", strings.TrimPrefix(p, dir), got, want)
		}
	}
	if !fileExists(filepath.Join(userVendor, "example.com", "dep", "dep.go")) {
		t.Error("trimming a vendor workspace deleted the user's vendored files")
	}
}

// TestCleanTrees checks that Clean deletes the runtime copies and vendor
// workspaces with the rest of the cache, and not the user's vendored files
// that workspaces link to.
func TestCleanTrees(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "cache")
	userVendor := filepath.Join(t.TempDir(), "vendor")
	if err := writeFile(filepath.Join(userVendor, "example.com", "dep", "dep.go"), []byte("package dep\n")); err != nil {
		t.Fatal(err)
	}
	writeTreeFixture(t, dir, userVendor, "x")
	if err := Clean(dir); err != nil {
		t.Fatal(err)
	}
	if fileExists(dir) {
		t.Error("Clean left the cache directory")
	}
	if !fileExists(filepath.Join(userVendor, "example.com", "dep", "dep.go")) {
		t.Error("Clean deleted the user's vendored files")
	}
}
