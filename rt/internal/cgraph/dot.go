package cgraph

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"github.com/tpinstr/tpinstr/rt/internal/event"
)

// maxSiteLines bounds the access lines in a step's label, so that a step
// with a long loop still draws as a readable box.
const maxSiteLines = 8

// edgeStyle gives each kind of edge its look: continue edges plain, spawn
// edges dashed, finish joins bold green, get joins bold purple (the papers'
// non-tree joins are get joins), so the structure reads at a glance.
func edgeStyle(k EdgeKind) string {
	switch k {
	case Spawn:
		return `style=dashed, color=blue, label="spawn"`
	case FinishJoin:
		return `style=bold, color=darkgreen, label="join"`
	case GetJoin:
		return `style=bold, color=purple, label="get"`
	case IsoOrder:
		return `style=dotted, color=orange, label="isolated"`
	}
	return `color=black`
}

// WriteDOT writes the graph in Graphviz DOT syntax: one cluster (box) per
// task as in the futures paper's Figure 2, one node per step labelled with
// its task, what began it and the sites of its accesses (named by siteName;
// nil prints site numbers), edges styled by kind, isolated steps drawn as
// octagons and every step of a racing pair (see Racy) filled in red.
func (g *Graph) WriteDOT(w io.Writer, siteName func(event.Site) string) error {
	if siteName == nil {
		siteName = func(s event.Site) string { return fmt.Sprintf("site %d", s) }
	}
	bw := bufio.NewWriter(w)
	fmt.Fprintln(bw, "digraph computation {")
	fmt.Fprintln(bw, "\tgraph [rankdir=TB, fontname=\"Helvetica\"];")
	fmt.Fprintln(bw, "\tnode [shape=box, fontname=\"Helvetica\", fontsize=10];")
	fmt.Fprintln(bw, "\tedge [fontname=\"Helvetica\", fontsize=9];")
	order, byTask := g.stepsByTask()
	for _, t := range order {
		ts := &g.tasks[t]
		kind := "async"
		switch {
		case t == g.root:
			kind = "root"
		case ts.future:
			kind = "future"
		}
		label := fmt.Sprintf("task %d (%s)", t, kind)
		if ts.spawnSite != 0 {
			label += " spawned at " + siteName(ts.spawnSite)
		}
		fmt.Fprintf(bw, "\tsubgraph cluster_t%d {\n", t)
		fmt.Fprintf(bw, "\t\tlabel=%s;\n", dotString(label))
		for _, s := range byTask[t] {
			fmt.Fprintf(bw, "\t\ts%d [%s];\n", s, g.nodeAttrs(s, siteName))
		}
		fmt.Fprintln(bw, "\t}")
	}
	for _, e := range g.edges {
		fmt.Fprintf(bw, "\ts%d -> s%d [%s];\n", e.From, e.To, edgeStyle(e.Kind))
	}
	fmt.Fprintln(bw, "}")
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("cgraph: writing DOT: %w", err)
	}
	return nil
}

// stepsByTask groups the steps by task, with the tasks in order of their
// first step.
func (g *Graph) stepsByTask() ([]event.Task, map[event.Task][]StepID) {
	var order []event.Task
	by := make(map[event.Task][]StepID)
	for i, s := range g.steps {
		if _, ok := by[s.Task]; !ok {
			order = append(order, s.Task)
		}
		by[s.Task] = append(by[s.Task], StepID(i))
	}
	return order, by
}

// nodeAttrs returns the attribute list of step s.
func (g *Graph) nodeAttrs(s StepID, siteName func(event.Site) string) string {
	st := &g.steps[s]
	head := fmt.Sprintf("s%d · task %d · %s", s, st.Task, st.Begin)
	if st.Site != 0 {
		head += " @ " + siteName(st.Site)
	}
	lines := []string{head}
	type key struct {
		write bool
		site  event.Site
	}
	seen := make(map[key]bool)
	var more int
	for _, a := range st.Accesses {
		k := key{a.Write, a.Site}
		if seen[k] {
			continue
		}
		seen[k] = true
		if len(lines) > maxSiteLines {
			more++
			continue
		}
		rw := "R"
		if a.Write {
			rw = "W"
		}
		lines = append(lines, rw+" "+siteName(a.Site))
	}
	if more > 0 {
		lines = append(lines, fmt.Sprintf("… %d more sites", more))
	}
	quoted := make([]string, len(lines))
	for i, l := range lines {
		quoted[i] = dotEscape(l)
	}
	attrs := `label="` + strings.Join(quoted, `\n`) + `"`
	if st.Isolated {
		attrs += ", shape=octagon"
	}
	if g.Racy(s) {
		attrs += `, color=red, penwidth=2, style=filled, fillcolor="#ffdddd"`
	}
	return attrs
}

// dotString quotes s as a DOT string.
func dotString(s string) string { return `"` + dotEscape(s) + `"` }

// dotEscape escapes s for the inside of a DOT quoted string. Backslashes are
// doubled because Graphviz gives "\n", "\l" and "\N" a meaning in labels;
// line breaks become spaces so that a strange site name cannot split a
// statement.
func dotEscape(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch r {
		case '\\':
			b.WriteString(`\\`)
		case '"':
			b.WriteString(`\"`)
		case '\n', '\r':
			b.WriteByte(' ')
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}
