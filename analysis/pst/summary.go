package pst

import "go/types"

// Esc classifies how long something started by a call may keep running
// relative to the caller.
type Esc uint8

// The escape classes, in increasing order.
const (
	// EscNone: finished when the call returns.
	EscNone Esc = iota
	// EscAsync: may still run after the call returns, in a task joined by
	// the caller's immediately enclosing Finish.
	EscAsync
	// EscDetached: may run at any time in a goroutine no Finish joins.
	EscDetached
)

// Mode is how a callee invokes a function-valued parameter, in increasing
// order of what the caller must assume.
type Mode uint8

// The invocation modes.
const (
	// NotCalled: the callee never invokes the parameter.
	NotCalled Mode = iota
	// CalledSync: invoked zero or more times by the callee's own task,
	// one invocation after the other, before the callee returns.
	CalledSync
	// CalledParallel: invocations may run in tasks of their own and in
	// parallel with one another, but all have finished when the callee
	// returns.
	CalledParallel
	// CalledAsync: invocations may still run after the callee returns, in
	// tasks joined by the caller's immediately enclosing Finish.
	CalledAsync
	// CalledDetached: the parameter escapes (stored, sent, run by a goroutine
	// or by unknown code): invocations may happen at any time anywhere.
	CalledDetached
)

// Ops is a set of task operations a function may perform while it runs.
type Ops uint8

// The operation bits.
const (
	// MaySpawn: calls Async, ForAll, ForAsync or NewFuture.
	MaySpawn Ops = 1 << iota
	// MayFinish: calls Finish, ForAll or Run.
	MayFinish
	// MayGet: calls Get.
	MayGet
)

// Effect is one access a function makes to memory its caller can see: a
// package-level variable, or memory reached from a parameter.
//
// Fields are exported and plain so that summaries gob-encode as analysis
// facts.
type Effect struct {
	// Global is "import/path.Name" for an effect on a package-level
	// variable; empty for an effect through a parameter.
	Global string
	// Param is the index of the parameter (the receiver is 0 for methods,
	// then the parameters in order) whose pointee is accessed.
	Param int
	// Steps are the path steps below the global, or below the parameter's
	// pointee: Field steps by name, Deref, Index (any index) and MapElem.
	Steps []EffectStep
	Write bool
	// Isolated is set when every such access runs inside Isolated.
	Isolated bool
	// Esc tells whether the access may happen after the call returns.
	Esc Esc
	// Where is the position of the access in the callee, for messages,
	// and In the name of the function it is in: the callee's, or, for an
	// effect the callee has of its own callees, the one that makes it.
	Where, In string
}

// EffectStep is a Step without references to syntax or PST nodes.
type EffectStep struct {
	Kind StepKind
	Name string
	// Arg is, for an Index step whose index is a parameter of the callee,
	// that parameter's summary index plus one (0: any index).
	Arg int
	// Const, Range, Value and Hi are those of an Index step whose index
	// is a constant or lies in a constant range (see Step).
	Const, Range bool
	Value, Hi    int64
}

// step returns the Step of an effect step, its index abstracted by arg
// when the callee indexes with a parameter (see Arg).
func (s EffectStep) step(arg func(i int) (Step, bool)) Step {
	st := Step{Kind: s.Kind, Name: s.Name, Const: s.Const, Range: s.Range, Value: s.Value, Hi: s.Hi}
	if s.Arg > 0 {
		if a, ok := arg(s.Arg - 1); ok {
			st = a
		}
	}
	return st
}

// Summary is what callers need to know about a function to build their own
// trees. The zero Summary describes a function without effects.
type Summary struct {
	Effects []Effect
	// FuncParams gives, per parameter index (receiver first for methods),
	// how a function-valued parameter is invoked.
	FuncParams []Mode
	// Once gives, per parameter index, whether a function-valued parameter
	// is invoked at most once per call (missing entries: any number).
	Once []bool
	// InFuture gives, per parameter index, whether a function-valued
	// parameter is invoked only by the body of the future whose handle the
	// function returns, each invocation over before that body returns: a
	// Get on the returned handle waits for them (missing entries: no).
	InFuture []bool
	// Spawns tells whether the function may leave tasks running after it
	// returns (through a handle it was given).
	Spawns Esc
	// Ops are the task operations it may perform before returning.
	Ops Ops
}

// ParamMode returns how parameter i is invoked.
func (s *Summary) ParamMode(i int) Mode {
	if s == nil || i < 0 || i >= len(s.FuncParams) {
		return NotCalled
	}
	return s.FuncParams[i]
}

// ParamOnce reports whether parameter i is invoked at most once per call.
func (s *Summary) ParamOnce(i int) bool {
	return s != nil && i >= 0 && i < len(s.Once) && s.Once[i]
}

// ParamInFuture reports whether parameter i is invoked only inside the
// future whose handle the function returns (see InFuture).
func (s *Summary) ParamInFuture(i int) bool {
	return s != nil && i >= 0 && i < len(s.InFuture) && s.InFuture[i]
}

// ParamIndex returns the summary index of parameter v of fn: the receiver is
// 0 for methods, then the parameters in order. It returns -1 when v is not a
// parameter of fn.
func ParamIndex(sig *types.Signature, v *types.Var) int {
	off := 0
	if r := sig.Recv(); r != nil {
		if r == v {
			return 0
		}
		off = 1
	}
	for i := 0; i < sig.Params().Len(); i++ {
		if sig.Params().At(i) == v {
			return i + off
		}
	}
	return -1
}

// Callees looks up the summary of a function called by the code being
// built. It returns nil when the summary is unknown: the builder then
// assumes the worst for what soundness requires.
type Callees func(*types.Func) *Summary
