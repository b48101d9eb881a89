package instrument

import (
	"fmt"
	"sort"
	"strings"
)

// Names of the hook-placement optimizations, as Config.Disable and the
// -instr.disable flag of tpinstr take them. Each is implemented in a file
// of its own, whose doc comment gives its conditions and the argument for
// why it hides no race.
const (
	OptStraight  = "straight"  // straight.go: repeated hooks in straight-line code
	OptIfJoin    = "ifjoin"    // ifjoin.go: straight-line stretches through if statements
	OptSliceLoop = "sliceloop" // sliceloop.go: range hooks before loops over slices and index ranges
	OptDownLoop  = "downloop"  // downloop.go: range hooks before loops that count down
	OptInvariant = "invariant" // invariant.go: hooks of loop-invariant reads once per loop
	OptConstRun  = "construn"  // construn.go: one range hook for a run of constant indices
	OptSpanRun   = "spanrun"   // spanrun.go: one range hook for a run of a byte order's accessors
	OptPure      = "pure"      // pure.go: calls of pure functions do not end an optimization
	OptCommute   = "commute"   // commute.go: commutative Isolated bodies, for schedule exploration
	OptComputed  = "computed"  // computed.go: range hooks after loops that also index at computed indices
	OptCallee    = "callee"    // callee.go: range hooks for the accesses of per-element helpers a loop calls
	OptPrivate   = "private"   // private.go: no hooks for objects that only one activation of a function reaches
	OptClosure   = "closure"   // closure.go: no hooks for captured variables of function literals that are only called
	OptPool      = "pool"      // workerloop.go: the loops of a pool's workers, checked for every assignment of values in one run
	OptFields    = "fields"    // fields.go: no hooks running for reads of fields that no rewritten code writes
)

// optimizations lists every optimization with what it leaves out or adds.
var optimizations = []struct{ name, summary string }{
	{OptStraight, "leave out a hook that an earlier hook of the same straight-line stretch records"},
	{OptIfJoin, "let a stretch of straight-line code go on into the branches of a call-free if and after it"},
	{OptSliceLoop, "record the element accesses of a call-free loop over a slice or index range by range hooks before it"},
	{OptDownLoop, "give range hooks to loops that count down, as to the loop up over the same indices"},
	{OptInvariant, "hook a read of a loop-invariant location once per execution of its loop"},
	{OptConstRun, "record accesses of t[c] at a run of constant indices by one range hook"},
	{OptSpanRun, "record the accesses of a byte order's accessors at consecutive offsets of one buffer, in straight-line code or a loop, by one range hook"},
	{OptPure, "treat calls of the package's pure functions as calling nothing"},
	{OptCommute, "mark Isolated bodies that are commutative updates, so exploration need not order them"},
	{OptComputed, "record the element accesses of a loop that also indexes at computed indices by range hooks after it, which stand for those too"},
	{OptCallee, "record the element accesses of the helpers a loop calls by range hooks before it, and call their variants without hooks"},
	{OptPrivate, "leave out the hooks of accesses to objects that a function allocates and never lets another goroutine or task reach"},
	{OptClosure, "leave out the hooks of variables captured only by function literals that are called on the goroutine that declares them"},
	{OptFields, "stop running, once the program starts, the hooks of reads of struct fields that no rewritten code of the program writes"},
	{OptPool, "mark the loops of the workers of a pool, so that one run checks every assignment of values to workers instead of exploring them"},
}

// Optimizations returns the names of the optimizations that Config.Disable
// can switch off, in a fixed order.
func Optimizations() []string {
	names := make([]string, len(optimizations))
	for i, o := range optimizations {
		names[i] = o.name
	}
	return names
}

// OptimizationSummary returns a one-line description of the named
// optimization, or "" when there is none of that name.
func OptimizationSummary(name string) string {
	for _, o := range optimizations {
		if o.name == name {
			return o.summary
		}
	}
	return ""
}

// checkDisable returns an error naming the entries of disable that are not
// optimizations.
func checkDisable(disable map[string]bool) error {
	var unknown []string
	for name := range disable {
		if OptimizationSummary(name) == "" {
			unknown = append(unknown, name)
		}
	}
	if len(unknown) == 0 {
		return nil
	}
	sort.Strings(unknown)
	return fmt.Errorf("unknown optimization %s (known: %s)", strings.Join(unknown, ", "), strings.Join(Optimizations(), ", "))
}

// on reports whether the optimization name is in force for this rewrite.
func (r *fileRewriter) on(name string) bool { return !r.cfg.Disable[name] }
