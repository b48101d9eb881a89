package checkbuild

import (
	"fmt"
	"io"
	"text/tabwriter"
)

// printStats prints the -stats table: for each rewritten package the access
// sites found, the hooks inserted, the sites the static analysis pruned, the
// sites another hook stands for, the task-library calls given a site, the sites the rewriter had to skip (their
// accesses are not checked), and whether the rewrite came from the cache.
func printStats(w io.Writer, results []pkgResult) {
	tw := tabwriter.NewWriter(w, 0, 8, 2, ' ', 0)
	fmt.Fprintln(tw, "package\taccess sites\thooks\tpruned\tcovered\ttask calls\tskipped\tcache\t")
	var total Stats
	for _, r := range results {
		st := r.result.Stats
		cached := "miss"
		if r.cached {
			cached = "hit"
		}
		fmt.Fprintf(tw, "%s\t%d\t%d\t%d\t%d\t%d\t%d\t%s\t\n", st.Package, st.AccessSites, st.Hooks, st.Pruned, st.Covered, st.TaskCalls, st.Skipped, cached)
		total.AccessSites += st.AccessSites
		total.Hooks += st.Hooks
		total.Pruned += st.Pruned
		total.Covered += st.Covered
		total.TaskCalls += st.TaskCalls
		total.Skipped += st.Skipped
	}
	if len(results) > 1 {
		fmt.Fprintf(tw, "total\t%d\t%d\t%d\t%d\t%d\t%d\t\t\n", total.AccessSites, total.Hooks, total.Pruned, total.Covered, total.TaskCalls, total.Skipped)
	}
	tw.Flush()
}
