package checkbuild

import (
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// CacheEnv is the environment variable that sets the cache directory, as
// GOCACHE does for the go command; "off" disables the cache.
const CacheEnv = "TPINSTRCACHE"

// Cache times, like the go command's: an entry unused for trimAge is
// deleted by a trim, which runs at most once per trimInterval, and a hit
// refreshes an entry's time at most once per touchInterval.
const (
	trimAge       = 5 * 24 * time.Hour
	trimInterval  = 24 * time.Hour
	touchInterval = time.Hour
)

const cacheReadme = `This directory holds files rewritten by tpinstr, the determinacy race
checker for task-parallel Go programs. An entry is the rewrite of one
package, named by a hash of everything the rewrite depends on; runtime/
holds copies of tpinstr's runtime and vendor/ workspaces for modules built
in vendor mode. Entries unused for five days are deleted. It is safe to
delete the whole directory when no tpinstr command runs, or to run
'tpinstr clean'.
`

// CacheDir returns the cache directory set by env (TPINSTRCACHE) or, by
// default, the tpinstr directory in os.UserCacheDir. It returns "" when the
// cache is off.
func CacheDir(env []string) (string, error) {
	switch d := lookupEnv(env, CacheEnv); {
	case d == "off":
		return "", nil
	case d != "":
		if !filepath.IsAbs(d) {
			return "", fmt.Errorf("%s=%s is not an absolute path", CacheEnv, d)
		}
		return d, nil
	}
	d, err := os.UserCacheDir()
	if err != nil {
		return "", fmt.Errorf("no cache directory (set %s): %w", CacheEnv, err)
	}
	return filepath.Join(d, "tpinstr"), nil
}

// Clean deletes the cache directory dir and everything in it.
func Clean(dir string) error {
	if dir == "" {
		return nil
	}
	if err := os.RemoveAll(dir); err != nil {
		return fmt.Errorf("cleaning cache: %w", err)
	}
	return nil
}

// cache is the store of rewritten packages: one JSON file per key, in a
// subdirectory named by the key's first byte. Writes go through a temporary
// file and a rename, so concurrent tpinstr commands never see a partial
// entry. A nil *cache is a disabled cache.
type cache struct {
	dir string
	now func() time.Time
}

func openCache(dir string) *cache {
	if dir == "" {
		return nil
	}
	return &cache{dir: dir, now: time.Now}
}

func (c *cache) file(k key) string {
	h := hex.EncodeToString(k[:])
	return filepath.Join(c.dir, h[:2], h+".json")
}

// get returns the entry for k, if there is a readable one.
func (c *cache) get(k key) (*Result, bool) {
	if c == nil {
		return nil, false
	}
	name := c.file(k)
	b, err := os.ReadFile(name)
	if err != nil {
		return nil, false
	}
	var r Result
	if err := json.Unmarshal(b, &r); err != nil {
		return nil, false
	}
	if fi, err := os.Stat(name); err == nil {
		if now := c.now(); now.Sub(fi.ModTime()) > touchInterval {
			_ = os.Chtimes(name, now, now) // keeps a used entry from being trimmed
		}
	}
	return &r, true
}

// put stores r under k.
func (c *cache) put(k key, r *Result) error {
	if c == nil {
		return nil
	}
	b, err := json.Marshal(r)
	if err != nil {
		return fmt.Errorf("cache: %w", err)
	}
	name := c.file(k)
	if err := os.MkdirAll(filepath.Dir(name), 0o777); err != nil {
		return fmt.Errorf("cache: %w", err)
	}
	readme := filepath.Join(c.dir, "README")
	if !fileExists(readme) {
		_ = os.WriteFile(readme, []byte(cacheReadme), 0o666)
	}
	if err := writeFileAtomic(name, b); err != nil {
		return fmt.Errorf("cache: %w", err)
	}
	return nil
}

// trim deletes the entries unused for trimAge, at most once per
// trimInterval.
func (c *cache) trim() error {
	if c == nil {
		return nil
	}
	now := c.now()
	stamp := filepath.Join(c.dir, "trim.txt")
	if b, err := os.ReadFile(stamp); err == nil {
		if sec, err := strconv.ParseInt(strings.TrimSpace(string(b)), 10, 64); err == nil && now.Sub(time.Unix(sec, 0)) < trimInterval {
			return nil
		}
	}
	err := filepath.WalkDir(c.dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			if errors.Is(err, fs.ErrNotExist) {
				return nil
			}
			return err
		}
		if d.IsDir() && isTreeDir(c.dir, path) {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".json") {
			return nil
		}
		if fi, err := d.Info(); err == nil && now.Sub(fi.ModTime()) > trimAge {
			return os.Remove(path)
		}
		return nil
	})
	if err == nil {
		err = trimTrees(c.dir, now)
	}
	if err != nil {
		return fmt.Errorf("cache trim: %w", err)
	}
	if err := os.MkdirAll(c.dir, 0o777); err != nil {
		return fmt.Errorf("cache trim: %w", err)
	}
	if err := writeFileAtomic(stamp, []byte(strconv.FormatInt(now.Unix(), 10)+"\n")); err != nil {
		return fmt.Errorf("cache trim: %w", err)
	}
	return nil
}

// treeDirs are the subdirectories of the cache directory that hold trees
// the builds use in place, each named by a hash of its content: the copies
// of the runtime module (writeRuntime) and the vendor workspaces
// (writeVendorWorkspace). A build that uses a tree marks it used
// (touchTree), and a trim deletes the trees unused for trimAge, as it does
// rewrites.
var treeDirs = []string{"runtime", "vendor"}

// isTreeDir reports whether path is one of the treeDirs of the cache
// directory dir.
func isTreeDir(dir, path string) bool {
	for _, t := range treeDirs {
		if path == filepath.Join(dir, t) {
			return true
		}
	}
	return false
}

// trimTrees deletes the trees of the cache directory dir whose last use
// (the modification time of their directory) is older than trimAge, and
// the temporary directories of writes that never finished. A vendor
// workspace's links to the user's vendor directory are deleted, not what
// they point to.
func trimTrees(dir string, now time.Time) error {
	for _, t := range treeDirs {
		parent := filepath.Join(dir, t)
		entries, err := os.ReadDir(parent)
		if err != nil {
			if errors.Is(err, fs.ErrNotExist) {
				continue
			}
			return err
		}
		for _, e := range entries {
			fi, err := e.Info()
			if err != nil || now.Sub(fi.ModTime()) <= trimAge {
				continue
			}
			if err := os.RemoveAll(filepath.Join(parent, e.Name())); err != nil {
				return err
			}
		}
	}
	return nil
}

// touchTree marks the tree dir as used now, at most once per
// touchInterval, so that a trim keeps it.
func touchTree(dir string) {
	fi, err := os.Stat(dir)
	if err != nil {
		return
	}
	if now := time.Now(); now.Sub(fi.ModTime()) > touchInterval {
		_ = os.Chtimes(dir, now, now)
	}
}

// writeFileAtomic writes b to name through a temporary file in the same
// directory and a rename.
func writeFileAtomic(name string, b []byte) error {
	f, err := os.CreateTemp(filepath.Dir(name), ".tmp-*")
	if err != nil {
		return err
	}
	_, werr := f.Write(b)
	cerr := f.Close()
	if err := errors.Join(werr, cerr); err != nil {
		os.Remove(f.Name())
		return err
	}
	if err := os.Rename(f.Name(), name); err != nil {
		os.Remove(f.Name())
		return err
	}
	return nil
}

// lookupEnv returns the last value of key in env, as os/exec uses it.
func lookupEnv(env []string, key string) string {
	v := ""
	for _, kv := range env {
		if k, val, ok := strings.Cut(kv, "="); ok && k == key {
			v = val
		}
	}
	return v
}
