// Package mimetype maps file extensions to media types and back, from a
// table that is parsed the first time it is needed.
package mimetype

import (
	"bufio"
	"fmt"
	"path"
	"sort"
	"strings"
	"sync"
)

// builtin is the table in the format of /etc/mime.types: a media type
// followed by its extensions.
const builtin = `
# media type           extensions
text/html               html htm
text/css                css
text/plain              txt text conf log
text/csv                csv
application/json        json
application/javascript  js mjs
application/pdf         pdf
application/zip         zip
application/gzip        gz tgz
image/png               png
image/jpeg              jpg jpeg jpe
image/gif               gif
image/svg+xml           svg svgz
image/webp              webp
audio/mpeg              mp3
video/mp4               mp4 m4v
font/woff2              woff2
`

type table struct {
	byExt  map[string]string
	byType map[string][]string
}

// parse reads a mime.types table. Later lines override earlier ones for
// the same extension.
func parse(src string) (*table, error) {
	t := &table{byExt: map[string]string{}, byType: map[string][]string{}}
	sc := bufio.NewScanner(strings.NewReader(src))
	line := 0
	for sc.Scan() {
		line++
		text := strings.TrimSpace(sc.Text())
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		fields := strings.Fields(text)
		typ := strings.ToLower(fields[0])
		if !strings.Contains(typ, "/") {
			return nil, fmt.Errorf("mimetype: line %d: bad media type %q", line, fields[0])
		}
		for _, ext := range fields[1:] {
			ext = "." + strings.ToLower(ext)
			t.byExt[ext] = typ
			t.byType[typ] = append(t.byType[typ], ext)
		}
	}
	for _, exts := range t.byType {
		sort.Strings(exts)
	}
	return t, sc.Err()
}

// builtinTable is parsed once, by whichever caller needs it first.
var builtinTable = sync.OnceValues(func() (*table, error) {
	return parse(builtin)
})

// parses counts the parses of the builtin table, for tests.
var parses int

var countOnce sync.Once

func load() *table {
	t, err := builtinTable()
	if err != nil {
		panic(err) // the builtin table is a constant; this is a bug
	}
	countOnce.Do(func() { parses++ })
	return t
}

// TypeByExtension returns the media type of ext (".png" or "png"), or ""
// if it is unknown.
func TypeByExtension(ext string) string {
	if ext == "" {
		return ""
	}
	if ext[0] != '.' {
		ext = "." + ext
	}
	return load().byExt[strings.ToLower(ext)]
}

// TypeOf returns the media type of a file name by its extension, or
// "application/octet-stream".
func TypeOf(name string) string {
	if t := TypeByExtension(path.Ext(name)); t != "" {
		return t
	}
	return "application/octet-stream"
}

// ExtensionsByType returns the known extensions of a media type, sorted.
// The caller may modify the returned slice.
func ExtensionsByType(typ string) []string {
	typ = strings.ToLower(strings.TrimSpace(typ))
	if i := strings.IndexByte(typ, ';'); i >= 0 {
		typ = strings.TrimSpace(typ[:i])
	}
	exts := load().byType[typ]
	return append([]string(nil), exts...)
}
