package checker

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/tpinstr/tpinstr/rt/internal/cgraph"
	"github.com/tpinstr/tpinstr/rt/internal/event"
	"github.com/tpinstr/tpinstr/rt/internal/sites"
)

// The dot option records the whole computation graph of every checked Run
// (package cgraph, Nakade 2016 chapter 3) next to the detector and writes
// it in Graphviz DOT when the Run ends, one digraph per Run in one file.
// The graph grows with the square of the number of steps, so the option is
// meant for programs of moderate size; the detector itself never needs it.

// startGraph starts recording the graph of a Run when the dot option is set.
func (st *state) startGraph() {
	if st.opts.DotPath == "" {
		return
	}
	st.graph = cgraph.New()
	st.updateSlow()
}

// writeGraph appends the current Run's graph to the dot file.
func (st *state) writeGraph() {
	g := st.graph
	if g == nil {
		return
	}
	st.graph = nil
	st.updateSlow()
	flags := os.O_CREATE | os.O_WRONLY | os.O_APPEND
	if !st.dotStarted {
		flags = os.O_CREATE | os.O_WRONLY | os.O_TRUNC
		st.dotStarted = true
	}
	f, err := os.OpenFile(st.opts.DotPath, flags, 0o666)
	if err == nil {
		err = g.WriteDOT(f, siteName)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
	}
	if err != nil {
		fmt.Fprintf(os.Stderr, "tpinstr: dot option: %v\n", err)
	}
}

// siteName names a site in a drawing: file base name, line and the
// expression or call.
func siteName(s event.Site) string {
	si := sites.Lookup(uint32(s))
	if si.File == "" {
		return ""
	}
	name := fmt.Sprintf("%s:%d", filepath.Base(si.File), si.Line)
	if si.Expr != "" {
		name += " " + si.Expr
	}
	return name
}
