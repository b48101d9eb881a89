package checkbuild

import (
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
)

// sources reads the user's files as the build sees them: from the user's own
// -overlay when it replaces them, else from disk.
type sources struct {
	overlay map[string][]byte // absolute path -> content
	hashes  map[string]key
}

func newSources(overlay map[string][]byte) *sources {
	return &sources{overlay: overlay, hashes: map[string]key{}}
}

// read returns the content of the file at the absolute path name.
func (s *sources) read(name string) ([]byte, error) {
	if b, ok := s.overlay[name]; ok {
		return b, nil
	}
	return os.ReadFile(name)
}

// hash returns the SHA-256 of the file's content.
func (s *sources) hash(name string) (key, error) {
	if k, ok := s.hashes[name]; ok {
		return k, nil
	}
	b, err := s.read(name)
	if err != nil {
		return key{}, err
	}
	k := key(sha256.Sum256(b))
	s.hashes[name] = k
	return k, nil
}

// overlayJSON is the format of the go command's -overlay file.
type overlayJSON struct {
	Replace map[string]string
}

// readUserOverlay reads the user's -overlay file. Paths in it are relative
// to dir, as the go command reads them relative to its working directory.
// It returns the replacements with absolute paths and the content of each
// replacement. An entry that deletes a file (an empty replacement) cannot
// be given to the loader, so it is refused.
func readUserOverlay(file, dir string) (map[string]string, map[string][]byte, error) {
	if file == "" {
		return nil, nil, nil
	}
	if !filepath.IsAbs(file) {
		file = filepath.Join(dir, file)
	}
	b, err := os.ReadFile(file)
	if err != nil {
		return nil, nil, fmt.Errorf("-overlay: %w", err)
	}
	var o overlayJSON
	if err := json.Unmarshal(b, &o); err != nil {
		return nil, nil, fmt.Errorf("-overlay: reading %s: %w", file, err)
	}
	replace := map[string]string{}
	contents := map[string][]byte{}
	for from, to := range o.Replace {
		if to == "" {
			return nil, nil, errors.New("-overlay: entries that delete a file are not supported: " + from)
		}
		if !filepath.IsAbs(from) {
			from = filepath.Join(dir, from)
		}
		if !filepath.IsAbs(to) {
			to = filepath.Join(dir, to)
		}
		c, err := os.ReadFile(to)
		if err != nil {
			return nil, nil, fmt.Errorf("-overlay: %w", err)
		}
		replace[from] = to
		contents[from] = c
	}
	return replace, contents, nil
}
