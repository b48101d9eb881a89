package pst

import (
	"go/ast"
	"go/token"
	"go/types"
)

// Kind is the type of a PST node (Definition 3.1 of the MHP paper, plus the
// Go extensions described in the package documentation).
type Kind uint8

// The node kinds.
const (
	// Root is the body of the function the tree was built for.
	Root Kind = iota
	// Stmt is a leaf: one access, Get or function-parameter use.
	Stmt
	// Loop is a loop whose iterations run one after the other in the task
	// that runs the loop (for, range, the iteration space of ForAll and
	// ForAsync, and pseudo loops for repeated invocations).
	Loop
	// Async is a task spawned by Async, ForAll, ForAsync or NewFuture (or
	// left running by a callee); it is joined by its immediately enclosing
	// Finish.
	Async
	// Finish joins every task spawned inside it.
	Finish
	// Isolated is an Isolated body (the paper's atomic node).
	Isolated
	// Escape is code that may run at any later time in any goroutine and that
	// no Finish joins: a go statement or a function literal of unknown use.
	Escape
	// Block groups the nodes of one inlined function body. It has no effect
	// on ordering; it only gives the body's local variables their own scope.
	Block
)

var kindNames = [...]string{"root", "stmt", "loop", "async", "finish", "isolated", "escape", "block"}

// String returns the lower-case name of k.
func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "kind?"
}

// Node is one node of a PST.
type Node struct {
	Kind     Kind
	Parent   *Node
	Children []*Node
	// Index is the position of the node among its parent's children, which
	// are in execution order within one instance of the parent.
	Index int
	// Depth is 0 for the root.
	Depth int
	// Cond is set when the node executes only on some paths through one
	// instance of its parent (inside if, switch, select, && or ||).
	Cond bool
	// Pos is the position of the construct that created the node: the
	// task-library call, the for statement, the access.
	Pos token.Pos
	// Origin names that construct for messages: "Async", "ForAll", "for",
	// "go statement", "call to F", ...
	Origin string
	// Pseudo marks a Loop that is not a source loop: repeated invocations of
	// a closure or callback, or the deferred calls of a body.
	Pseudo bool
	// Deferred marks the pseudo Loop of a body's deferred calls.
	Deferred bool
	// Var is, for a Loop, the iteration variable whose value is distinct in
	// distinct iterations (the index of ForAll/ForAsync, a range key, a
	// three-clause loop variable stepped by a constant): an index equal to it
	// in two accesses means the same iteration.
	Var *types.Var
	// Over is, for a range loop over a local variable, that variable;
	// IterLo and IterHi (with IterBounded) bound Var's values in the body
	// of a three-clause loop with constant bounds.
	Over           *types.Var
	IterLo, IterHi int64
	IterBounded    bool
	// Op and Call are set on the nodes a task-library call creates.
	Op   Op
	Call *ast.CallExpr
	// Future is set on the Async node of a NewFuture body.
	Future *Future
	// Access, Get and Use describe a Stmt leaf (exactly one is set).
	Access *Access
	Get    *Get
	Use    *FuncUse
	// Exit marks a leaf for a return, break, continue or goto: control may
	// leave the rest of the frame's sequence here.
	Exit bool
	// Frame is the node of the function body (the root, or the node a
	// function literal's body is built into) whose code created this node;
	// IsFrame marks such body nodes. Seq numbers nodes in creation order,
	// which within one frame is execution order.
	Frame   *Node
	IsFrame bool
	Seq     int
	// Scope is, for an Access leaf on a local variable, the node whose
	// instance declared the variable instance accessed (nil when unknown).
	Scope *Node
}

// Future describes the Async node of a NewFuture call.
type Future struct {
	Call *ast.CallExpr
	// Var is the local variable the handle is stored in by the declaration
	// that calls NewFuture (h := task.NewFuture(...)), when that is the
	// variable's only store and its address is never taken; nil otherwise.
	Var *types.Var
	// Gets are the Get leaves whose receiver is Var.
	Gets []*Node
	// Slot is set when the handle is stored by Slot.Array[k] = NewFuture(...)
	// in each iteration of Slot.Loop, k its iteration variable (or the value of a range over a
	// slice whose elements are distinct: see census.distinctSlices), as the
	// only store into the elements of the local slice Slot.Array, which
	// the function only indexes, ranges over and measures (never passes on
	// nor reassigns): then distinct iterations store distinct futures into
	// distinct elements, which nothing overwrites.
	Slot *Slot
	// SlotGets are the Get leaves whose receiver is an element of
	// Slot.Array chosen by the iteration variable of a loop (Get.Loop).
	SlotGets []*Node
}

// Slot is where a future's handle is stored: element k of Array in the
// iteration of Loop where k is the iteration variable.
type Slot struct {
	Array *types.Var
	Loop  *Node
}

// Get describes a leaf for a Get call.
type Get struct {
	Call *ast.CallExpr
	// Var is the local variable the receiver is read from, if any.
	Var *types.Var
	// Array and Loop are set when the receiver is the element of the
	// local slice Array chosen by Loop's iteration variable (fs[i], or the
	// value of range fs).
	Array *types.Var
	Loop  *Node
}

// FuncUse describes a leaf where a function-valued parameter of the tree's
// function is called or handed on; Mode is how the callee (or the direct
// call) invokes it, before accounting for where the leaf itself runs.
type FuncUse struct {
	Param *types.Var
	Mode  Mode
}

// Tree is the PST of one function body.
type Tree struct {
	Root *Node
	// Func is the function (nil for a function literal at package level).
	Func *types.Func
	// Decl is the *ast.FuncDecl or *ast.FuncLit the tree was built from.
	Decl ast.Node
	// Leaves are the Stmt nodes in creation order.
	Leaves []*Node
	// Futures are the Async nodes of NewFuture calls.
	Futures []*Node
	// HasGoto is set when the body contains a goto: a backward goto repeats
	// code without a Loop node, so ordering by sibling position and
	// same-instance reasoning are unsound there.
	HasGoto bool
	// Spawns counts Async and Escape nodes, Asyncs the Async nodes.
	Spawns, Asyncs int
	// Calls are the calls of functions with a known summary.
	Calls []CallSite
	// AddrTaken marks local variables whose address is taken (&x, x.M()
	// with a pointer receiver, slicing an array).
	AddrTaken map[*types.Var]bool
	// Stored marks variables used other than by a call, as a call argument
	// or as a task body (for a function-valued parameter: it escapes).
	Stored map[*types.Var]bool
	// HasDefer is set when the body defers calls: they also run while a
	// panic unwinds, possibly before a Get that would have joined a future.
	HasDefer bool
	// Truncated is set when building stopped inlining because of the size
	// budget (the tree is still sound: see Config.Budget).
	Truncated bool
	// Returns are the return statements of the function body itself (not
	// of function literals in it), in source order.
	Returns []Return
}

// Return describes a return statement: how many values it returns and,
// when it returns one, whether that is a call (Call) or a variable (Var).
type Return struct {
	Results int
	Call    *ast.CallExpr
	Var     *types.Var
}

// ChildFrame returns the frame in which the children of n are built: n
// itself for a function body's node, n's frame otherwise.
func ChildFrame(n *Node) *Node {
	if n.IsFrame {
		return n
	}
	return n.Frame
}

// IsAncestor reports whether a is n or an ancestor of n.
func IsAncestor(a, n *Node) bool {
	for ; n != nil; n = n.Parent {
		if n == a {
			return true
		}
	}
	return false
}

// LCA returns the lowest common ancestor of a and b (both in one tree).
func LCA(a, b *Node) *Node {
	for a.Depth > b.Depth {
		a = a.Parent
	}
	for b.Depth > a.Depth {
		b = b.Parent
	}
	for a != b {
		a, b = a.Parent, b.Parent
	}
	return a
}

// ChildToward returns the child of a that is an ancestor of n (or n itself),
// written AS in Figure 2 of the MHP paper. It returns nil when n == a or a is
// not an ancestor of n.
func ChildToward(a, n *Node) *Node {
	for ; n != nil; n = n.Parent {
		if n.Parent == a {
			return n
		}
	}
	return nil
}

// Loops returns the Loop ancestors of n, outermost first.
func Loops(n *Node) []*Node {
	var out []*Node
	for p := n.Parent; p != nil; p = p.Parent {
		if p.Kind == Loop {
			out = append(out, p)
		}
	}
	for i, j := 0, len(out)-1; i < j; i, j = i+1, j-1 {
		out[i], out[j] = out[j], out[i]
	}
	return out
}

// Walk calls f for n and each of its descendants in pre-order; returning
// false from f skips the node's descendants.
func Walk(n *Node, f func(*Node) bool) {
	if !f(n) {
		return
	}
	for _, c := range n.Children {
		Walk(c, f)
	}
}

// CallSite is a call of a function with a known summary.
type CallSite struct {
	Fn   *types.Func
	Call *ast.CallExpr
	// In is the node the call's effects were built in.
	In *Node
}
