package mimetype

import (
	"slices"
	"sync"
	"testing"
)

func TestLookupsConcurrent(t *testing.T) {
	names := []string{"index.html", "logo.PNG", "data.json", "a.tar.tgz", "notes", "song.mp3"}
	want := []string{"text/html", "image/png", "application/json", "application/gzip", "application/octet-stream", "audio/mpeg"}

	var wg sync.WaitGroup
	for g := 0; g < 4; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i, n := range names {
				if got := TypeOf(n); got != want[i] {
					t.Errorf("TypeOf(%q) = %q, want %q", n, got, want[i])
				}
			}
			exts := ExtensionsByType("image/jpeg; q=0.9")
			exts[0] = "mutated" // callers own their copy
		}()
	}
	wg.Wait()
	if parses != 1 {
		t.Errorf("table parsed %d times", parses)
	}
	if got := ExtensionsByType("IMAGE/JPEG"); !slices.Equal(got, []string{".jpe", ".jpeg", ".jpg"}) {
		t.Errorf("ExtensionsByType = %v", got)
	}
}

func TestParseError(t *testing.T) {
	if _, err := parse("text/plain txt\nnonsense foo\n"); err == nil {
		t.Fatal("parse accepted a type without a slash")
	}
	if TypeByExtension("") != "" || TypeByExtension("nope") != "" {
		t.Error("unknown extensions should map to \"\"")
	}
}
