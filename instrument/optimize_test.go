package instrument

import (
	"regexp"
	"strings"
	"testing"
)

// hookRE matches one access hook call of rewritten code and its first
// argument.
var hookRE = regexp.MustCompile(`_tpinstr_rt\.(Read|Write|ReadSlice|WriteSlice|ReadMap|WriteMap)\((.*?), _tpinstrSites_`)

// spanNameRE matches the name of a file's span helper, which hookList
// writes _tpinstrSpan_X.
var spanNameRE = regexp.MustCompile(`_tpinstrSpan_[0-9a-f]+`)

// hookList returns the access hooks of a rewritten file in text order, as
// "Op(arg)", prefixed by how a loop optimization guards them: "once " (runs
// once per loop execution), "fallback " (runs only when the loop's range
// hooks did not), "guarded " (a range hook behind the length test), and
// for computed.go: "switch " (a range hook of what a loop has done so far,
// run when its flag is cleared), "slot " (the hook of an element kept in a
// slot) and "frontier " (the hook of a computed access run while the
// flag holds, the element out of the range hook's reach).
func hookList(out string) []string {
	code, _, _ := strings.Cut(out, "\n// Sites of the tpinstr hooks")
	var hooks []string
	for _, m := range hookRE.FindAllStringSubmatchIndex(code, -1) {
		before := code[:m[0]]
		seg := ""
		if i := strings.LastIndex(before, "if "); i >= 0 {
			seg = before[i:]
		}
		prefix := ""
		switch {
		case strings.Contains(code[m[4]:m[5]], "[_tpinstr_t"):
			prefix = "slot "
		case strings.Contains(seg, "} else {"):
			prefix = "frontier "
		case strings.Contains(seg, "&& !("):
			prefix = "switch "
		case strings.Contains(seg, "}") || !strings.Contains(seg, "_tpinstr_t"):
		case strings.Contains(seg, "!_tpinstr_t"):
			prefix = "fallback "
		case strings.Contains(seg, "= false;"):
			prefix = "once "
		default:
			prefix = "guarded "
		}
		arg := spanNameRE.ReplaceAllString(code[m[4]:m[5]], "_tpinstrSpan_X")
		hooks = append(hooks, prefix+code[m[2]:m[3]]+"("+arg+")")
	}
	return hooks
}

// hookHead starts the source of every hook case: a global g, a struct
// type, a function h that makes a task-library call and a pure function p.
const hookHead = "package p\n\nimport task \"" + fakeTask + "\"\n\nvar _ = task.Run\n\nvar g int\n\ntype cell struct{ v int }\n\n// h makes a task-library call: calling it ends a stretch.\nfunc h() int { task.Run(func(*task.T) {}); return 0 }\n\n// p is pure.\nfunc p(x int) int { return max(x, -x) }\n\n"

// hookCase is one small function rewritten with every optimization in force.
type hookCase struct {
	name  string
	body  string
	hooks []string
	// want counts of Stats.Covered, RangeHooks, OncePerLoop
	covered, ranges, once int
}

// hookSource returns the file of case tt.
func hookSource(tt hookCase) string {
	src := hookHead + tt.body + "\n"
	if strings.Contains(tt.body, "unsafe.") {
		src = strings.Replace(src, "import task", "import \"unsafe\"\nimport task", 1)
	}
	if strings.Contains(tt.body, "binary.") {
		src = strings.Replace(src, "import task", "import \"encoding/binary\"\nimport task", 1)
	}
	if strings.Contains(tt.body, "math.") {
		src = strings.Replace(src, "import task", "import \"math\"\nimport task", 1)
	}
	return src
}

// runHookCases rewrites each case and checks which hooks the
// optimizations leave and what Stats counts.
func runHookCases(t *testing.T, tests []hookCase) {
	t.Helper()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, out := rewriteSource(t, hookSource(tt), Config{})
			got := hookList(out)
			if strings.Join(got, "; ") != strings.Join(tt.hooks, "; ") {
				t.Errorf("hooks:\n got  %q\n want %q\n%s", got, tt.hooks, out)
			}
			st := res.Stats
			if st.Covered != tt.covered || st.RangeHooks != tt.ranges || st.OncePerLoop != tt.once {
				t.Errorf("covered, range hooks, once per loop = %d, %d, %d, want %d, %d, %d", st.Covered, st.RangeHooks, st.OncePerLoop, tt.covered, tt.ranges, tt.once)
			}
			if st.Hooks+st.Pruned+st.Covered+sumSkipped(st) != st.AccessSites {
				t.Errorf("%d sites but %d hooks, %d pruned, %d covered, %d skipped", st.AccessSites, st.Hooks, st.Pruned, st.Covered, sumSkipped(st))
			}
		})
	}
}

// needs lists the optimizations that another one works through: ifjoin
// extends the stretches of straight, pure lets calls stay inside them,
// and computed places the range hooks of the loops sliceloop finds.
var needs = map[string][]string{
	OptIfJoin:   {OptStraight},
	OptPure:     {OptStraight},
	OptComputed: {OptSliceLoop},
	OptCallee:   {OptSliceLoop},
}

// checkSwitch rewrites each case with every optimization off but name (and
// those it needs), once with name in force and once with it switched off
// (Config.Disable), and checks that the switch does something and takes
// no hook away: at least one case is rewritten differently, every location
// hooked (other than by a range hook) with the optimization in force is
// hooked without it, and every access site is still accounted for.
func checkSwitch(t *testing.T, name string, tests []hookCase) {
	t.Helper()
	if OptimizationSummary(name) == "" {
		t.Fatalf("%q is not an optimization", name)
	}
	others := map[string]bool{}
	for _, o := range Optimizations() {
		others[o] = o != name
	}
	for _, o := range needs[name] {
		others[o] = false
	}
	all := map[string]bool{name: true}
	for o, off := range others {
		all[o] = off
	}
	changed := 0
	for _, tt := range tests {
		_, on := rewriteSource(t, hookSource(tt), Config{Disable: others})
		res, off := rewriteSource(t, hookSource(tt), Config{Disable: all})
		if on != off {
			changed++
		}
		kept := map[string]bool{}
		for _, h := range hookList(off) {
			kept[stripGuard(h)] = true
		}
		for _, h := range hookList(on) {
			if h = stripGuard(h); !strings.Contains(h, "Slice(") && !strings.HasPrefix(h, "slot ") && !kept[h] {
				t.Errorf("%s, %s off: hook %s is lost\non:\n%s\noff:\n%s", tt.name, name, h, on, off)
			}
		}
		st := res.Stats
		if st.Hooks+st.Pruned+st.Covered+sumSkipped(st) != st.AccessSites {
			t.Errorf("%s, %s off: %d sites but %d hooks, %d pruned, %d covered, %d skipped", tt.name, name, st.AccessSites, st.Hooks, st.Pruned, st.Covered, sumSkipped(st))
		}
	}
	if changed == 0 {
		t.Errorf("switching %s off changes none of its cases", name)
	}
}

// stripGuard returns a hook of hookList without the guard prefix.
func stripGuard(h string) string {
	for _, p := range []string{"once ", "fallback ", "guarded ", "switch ", "frontier "} {
		h = strings.TrimPrefix(h, p)
	}
	return h
}

// TestDisableUnknown checks that Package refuses an unknown optimization
// name.
func TestDisableUnknown(t *testing.T) {
	if err := checkDisable(map[string]bool{"nosuch": true}); err == nil || !strings.Contains(err.Error(), "nosuch") {
		t.Errorf("checkDisable(nosuch) = %v, want an error naming it", err)
	}
	all := map[string]bool{}
	for _, name := range Optimizations() {
		all[name] = true
		if OptimizationSummary(name) == "" {
			t.Errorf("%s has no summary", name)
		}
	}
	if err := checkDisable(all); err != nil {
		t.Errorf("checkDisable(every optimization) = %v", err)
	}
}
