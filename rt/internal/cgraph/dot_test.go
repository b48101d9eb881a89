package cgraph

import (
	"bytes"
	"errors"
	"fmt"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/tpinstr/tpinstr/rt/internal/event"
)

// dotSample has every kind of edge, an isolated step, a race, and sites
// whose names need escaping.
func dotSample(t *testing.T) *Graph {
	return build(t, func(s event.Sink) {
		s.Spawn(0, 1, false, 0)
		s.FinishBegin(1, 1)
		s.Spawn(1, 2, true, 2)
		s.Access(2, x, 8, true, 3)
		s.End(2)
		s.Spawn(1, 3, false, 4)
		s.Get(3, 2, 5)
		s.Access(3, y, 1, true, 6)
		s.IsolatedBegin(3, 7)
		s.Access(3, x, 1, true, 8)
		s.IsolatedEnd(3)
		s.End(3)
		s.FinishEnd(1)
		s.Spawn(1, 4, false, 9)
		s.Access(4, y, 1, false, 10)
		s.End(4)
		s.Access(1, y, 1, true, 11)
		s.End(1)
	})
}

// sampleSites names sites with characters that DOT strings must escape.
func sampleSites(s event.Site) string {
	return fmt.Sprintf("dir\\f \"%d\".go:%d\nx", s, s)
}

var (
	nodeRE = regexp.MustCompile(`^\s*s(\d+) \[(.*)\];$`)
	edgeRE = regexp.MustCompile(`^\s*s(\d+) -> s(\d+) \[(.*)\];$`)
	attrRE = regexp.MustCompile(`(\w+)=("(?:[^"\\]|\\.)*"|[^,\s]+)`)
)

// parseAttrs splits a DOT attribute list into a map, unquoting values.
func parseAttrs(t *testing.T, list string) map[string]string {
	t.Helper()
	out := map[string]string{}
	rest := list
	for _, m := range attrRE.FindAllStringSubmatchIndex(list, -1) {
		k, v := list[m[2]:m[3]], list[m[4]:m[5]]
		if strings.HasPrefix(v, `"`) {
			// DOT and Go agree on \" and \\; \n stays a DOT line break.
			u, err := strconv.Unquote(strings.ReplaceAll(v, `\n`, `\\n`))
			if err != nil {
				t.Fatalf("attribute %s=%s is not a well-formed string: %v", k, v, err)
			}
			v = u
		}
		out[k] = v
		rest = strings.Replace(rest, list[m[0]:m[1]], "", 1)
	}
	if strings.Trim(rest, ", ") != "" {
		t.Fatalf("attribute list %q has unparsed text %q", list, rest)
	}
	return out
}

func TestWriteDOTStructure(t *testing.T) {
	g := dotSample(t)
	var buf bytes.Buffer
	if err := g.WriteDOT(&buf, sampleSites); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(buf.String(), "\n"), "\n")
	if lines[0] != "digraph computation {" || lines[len(lines)-1] != "}" {
		t.Fatalf("not one digraph:\n%s", buf.String())
	}
	nodes := map[StepID]map[string]string{}
	clusters := map[string]int{}
	var cluster string
	var edges []Edge
	kinds := map[string]EdgeKind{"": Continue, "spawn": Spawn, "join": FinishJoin, "get": GetJoin}
	depth := 0
	for _, l := range lines[1 : len(lines)-1] {
		switch {
		case strings.HasPrefix(strings.TrimSpace(l), "subgraph cluster_t"):
			depth++
			cluster = strings.Fields(l)[1]
			clusters[cluster] = 0
		case strings.TrimSpace(l) == "}":
			depth--
			cluster = ""
		case edgeRE.MatchString(l):
			m := edgeRE.FindStringSubmatch(l)
			from, _ := strconv.Atoi(m[1])
			to, _ := strconv.Atoi(m[2])
			attrs := parseAttrs(t, m[3])
			kind, ok := kinds[attrs["label"]]
			if !ok {
				t.Fatalf("edge %q has unknown label", l)
			}
			edges = append(edges, Edge{StepID(from), StepID(to), kind})
		case nodeRE.MatchString(l):
			m := nodeRE.FindStringSubmatch(l)
			id, _ := strconv.Atoi(m[1])
			if cluster == "" {
				t.Errorf("node %s outside any task cluster", m[1])
			}
			clusters[cluster]++
			nodes[StepID(id)] = parseAttrs(t, m[2])
		case strings.Contains(l, "label=") || strings.Contains(l, "graph [") ||
			strings.Contains(l, "node [") || strings.Contains(l, "edge ["):
		default:
			t.Errorf("unexpected line %q", l)
		}
		if depth < 0 || depth > 1 {
			t.Fatalf("unbalanced braces at %q", l)
		}
	}
	if depth != 0 {
		t.Fatalf("unbalanced braces")
	}
	if len(clusters) != 4 {
		t.Errorf("%d task clusters, want 4", len(clusters))
	}
	if len(nodes) != len(g.Steps()) {
		t.Errorf("%d nodes, want %d", len(nodes), len(g.Steps()))
	}
	if fmt.Sprint(edges) != fmt.Sprint(g.Edges()) {
		t.Errorf("edges %v, want %v", edges, g.Edges())
	}
	for id, s := range g.Steps() {
		attrs := nodes[StepID(id)]
		label := attrs["label"]
		if want := fmt.Sprintf("task %d", s.Task); !strings.Contains(label, want) {
			t.Errorf("s%d label %q lacks %q", id, label, want)
		}
		for _, a := range s.Accesses {
			name := strings.ReplaceAll(sampleSites(a.Site), "\n", " ")
			if !strings.Contains(label, name) {
				t.Errorf("s%d label %q lacks site %q", id, label, name)
			}
		}
		if (attrs["shape"] == "octagon") != s.Isolated {
			t.Errorf("s%d shape %q, isolated %t", id, attrs["shape"], s.Isolated)
		}
		if (attrs["fillcolor"] != "") != g.Racy(StepID(id)) {
			t.Errorf("s%d fill %q, racy %t", id, attrs["fillcolor"], g.Racy(StepID(id)))
		}
	}
	racy := 0
	for id := range g.Steps() {
		if g.Racy(StepID(id)) {
			racy++
		}
	}
	if racy == 0 {
		t.Errorf("the sample has no racing step to highlight")
	}
}

func TestWriteDOTParsesWithGraphviz(t *testing.T) {
	dot, err := exec.LookPath("dot")
	if err != nil {
		t.Skip("Graphviz dot is not installed (apt-get install graphviz); the structural test still checks the output")
	}
	var buf bytes.Buffer
	if err := dotSample(t).WriteDOT(&buf, sampleSites); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(dot, "-Tcanon")
	cmd.Stdin = &buf
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil || stderr.Len() > 0 {
		t.Fatalf("dot rejects the output: %v\n%s", err, stderr.String())
	}
}

type failingWriter struct{ err error }

func (w failingWriter) Write([]byte) (int, error) { return 0, w.err }

func TestWriteDOTReportsWriteErrors(t *testing.T) {
	boom := errors.New("disk full")
	err := dotSample(t).WriteDOT(failingWriter{boom}, nil)
	if !errors.Is(err, boom) {
		t.Fatalf("WriteDOT = %v, want an error wrapping %v", err, boom)
	}
}
