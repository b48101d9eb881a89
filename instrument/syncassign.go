package instrument

import (
	"go/ast"
	"go/token"
)

// The left operands of an assignment whose right-hand side synchronises.
// In p.next.v = <-c, m[k] = f() or s[i] += f(), where f may lock, receive
// or wait, Go's compiler evaluates the operands of the left-hand side (the
// pointer p.next, the map m, the slice s and the index i) after the
// right-hand side, when it stores: the language leaves the order of those
// operands and the right-hand side's calls and receives unspecified ("the
// operands of index expressions and pointer indirections on the left and
// the expressions on the right are all evaluated in the usual order", and
// the usual order orders only calls, method calls, receives and the
// logical operators), and the compiler makes the call or the receive
// first and then computes the address it stores to. So when a goroutine
// sets p.next and then sends on c, the assignment writes the new node,
// and the race detector sees its read of p.next after the receive, ordered
// after the goroutine's write.
//
// The hooks of those reads and of the write therefore go after the
// statement, where they evaluate the operands as the compiler did: after
// the right-hand side ran, and before anything else could change them
// (the checked run switches goroutines only at synchronisation). This
// holds whether or not the path is stable (syncorder.go's condition for
// moving other hooks after the statement): the right-hand side may change
// the path, and the store goes to the path as it is then. A post hook that
// would name a variable the statement assigns stays before it (the
// placement's forbid set).
//
// Only left-hand sides with no call, receive or function literal of their
// own move: in m[key()] = <-c the call key() comes before the receive, and
// the order of the other operands around it is the compiler's choice.

// lhsAfterRHS marks the accesses lhs of the left operands exprs of an
// assignment (= or op=) as made after its right-hand side, when the
// right-hand side may synchronise and the operands neither call nor
// receive.
func (c *collector) lhsAfterRHS(exprs []ast.Expr, lhs []*acc) {
	if len(c.syncEnds) == 0 || len(c.taskEnds) > 0 || len(lhs) == 0 {
		return
	}
	for _, e := range exprs {
		if !plainOperand(e) {
			return
		}
	}
	if c.lhsPost == nil {
		c.lhsPost = map[*acc]bool{}
	}
	for _, a := range lhs {
		c.lhsPost[a] = true
	}
}

// plainOperand reports whether e contains no call (conversions included),
// receive or function literal.
func plainOperand(e ast.Expr) bool {
	plain := true
	ast.Inspect(e, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.CallExpr, *ast.FuncLit:
			plain = false
		case *ast.UnaryExpr:
			if x.Op == token.ARROW {
				plain = false
			}
		}
		return plain
	})
	return plain
}
