package checkbuild

import (
	"path/filepath"
	"regexp"
	"strings"
)

// pkgMatcher reports whether a package, given by import path and
// directory, matches one -instr.add or -instr.skip pattern.
type pkgMatcher func(pkgPath, dir string) bool

// newMatcher compiles a package pattern as the go command reads one: a
// pattern that starts with . or .. or is an absolute path names directories
// (relative to cwd), any other pattern names import paths, and in both "..."
// matches any string, with "x/..." also matching x itself.
func newMatcher(pattern, cwd string) pkgMatcher {
	if isLocalPattern(pattern) {
		if !filepath.IsAbs(pattern) {
			pattern = filepath.Join(cwd, pattern)
		}
		re := patternRegexp(filepath.ToSlash(filepath.Clean(pattern)))
		return func(_, dir string) bool { return dir != "" && re.MatchString(filepath.ToSlash(dir)) }
	}
	re := patternRegexp(pattern)
	return func(pkgPath, _ string) bool { return re.MatchString(pkgPath) }
}

// isLocalPattern reports whether pattern names directories rather than
// import paths.
func isLocalPattern(pattern string) bool {
	return pattern == "." || pattern == ".." ||
		strings.HasPrefix(pattern, "./") || strings.HasPrefix(pattern, "../") ||
		strings.HasPrefix(pattern, `.\`) || strings.HasPrefix(pattern, `..\`) ||
		filepath.IsAbs(pattern)
}

// patternRegexp turns a slash-separated pattern into an anchored regular
// expression, as cmd/go/internal/pkgpattern.MatchPattern does.
func patternRegexp(pattern string) *regexp.Regexp {
	re := regexp.QuoteMeta(pattern)
	re = strings.ReplaceAll(re, `\.\.\.`, `.*`)
	if r, ok := strings.CutSuffix(re, `/.*`); ok {
		re = r + `(/.*)?`
	}
	return regexp.MustCompile(`^` + re + `$`)
}

// anyMatch reports whether any of ms matches the package.
func anyMatch(ms []pkgMatcher, pkgPath, dir string) bool {
	for _, m := range ms {
		if m(pkgPath, dir) {
			return true
		}
	}
	return false
}
