package checkbuild

import "strings"

// checkedTag is the build tag that selects the checked build of rt/task.
const checkedTag = "tpinstr"

// splitTags reads a -tags value as the go command does: a comma-separated
// list, or (the older form) a space-separated one.
func splitTags(s string) []string {
	var tags []string
	if strings.Contains(s, ",") {
		for t := range strings.SplitSeq(s, ",") {
			if t = strings.TrimSpace(t); t != "" {
				tags = append(tags, t)
			}
		}
		return tags
	}
	if f := strings.Fields(s); len(f) > 0 {
		return f
	}
	return nil
}

// mergeTags returns the -tags value of a checked build: tpinstr first, then
// every other tag once, in the order given. The go command takes only the
// last -tags of a command line (and a command-line -tags hides the one in
// GOFLAGS), so tpinstr passes one -tags holding them all.
func mergeTags(lists ...[]string) string {
	seen := map[string]bool{checkedTag: true}
	out := []string{checkedTag}
	for _, l := range lists {
		for _, t := range l {
			if !seen[t] {
				seen[t] = true
				out = append(out, t)
			}
		}
	}
	return strings.Join(out, ",")
}

// goflagsTags returns the tags set by -tags in a GOFLAGS value, which is a
// space-separated list of -flag=value words.
func goflagsTags(goflags string) []string {
	var tags []string
	for _, f := range strings.Fields(goflags) {
		f = strings.TrimPrefix(f, "-")
		f = strings.TrimPrefix(f, "-")
		if v, ok := strings.CutPrefix(f, "tags="); ok {
			tags = splitTags(v) // the last one wins, as in the go command
		}
	}
	return tags
}
