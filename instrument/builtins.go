package instrument

import (
	"fmt"
	"go/ast"
	"go/types"
	"strconv"
)

// Accesses that builtins and conversions make inside the runtime, hooked
// as Go's race detector models them (cmd/compile's walk of OAPPEND,
// OCOPY and the string conversions, and the runtime functions they call):
//
//   - append(s, v...) that outgrows cap(s) copies the old elements into a
//     new array: runtime.growslice reads s[:len(s)] (racereadrangepc), and
//     the appended elements go to the new array. When s has room, the new
//     elements are written in place, in s[len(s):len(s)+n] (the span hook
//     of calls.go, guarded by appendFits). append(s, t...) reads every
//     element of t in both cases (slicecopy).
//   - string(b) of a []byte or []rune reads every element of b
//     (slicebytetostring and slicerunetostring call racereadrangepc);
//     [N]T(s) of a slice reads s[:N]. Conversions from strings read no
//     memory that can change.

// formCustom is the form of an access whose hook call acc.custom renders.
const formCustom = formSpan + 1

// appendFits is the condition under which append(s, n elements) writes
// into s's own array: len(s)+n <= cap(s).
func appendFits(s, n string) string {
	return "len(" + s + ")+" + n + " <= cap(" + s + ")"
}

// appendCount renders the number of elements that x = append(s, …)
// appends: the count of its variadic arguments, or len of its spread
// operand.
func appendCount(rd *renderer, x *ast.CallExpr) (string, bool) {
	if x.Ellipsis.IsValid() {
		c, ok := rd.value(x.Args[1])
		if !ok {
			return "", false
		}
		return "len(" + c + ")", true
	}
	return strconv.Itoa(len(x.Args) - 1), true
}

// appendGrowRead adds the read of the old elements of append's first
// operand that runtime.growslice makes when the result needs a new array.
// The hook is guarded by that condition, evaluated before the statement
// (the operand's length and capacity are those append sees).
func (c *collector) appendGrowRead(x *ast.CallExpr) {
	if len(x.Args) < 2 {
		return // append(s) returns s: nothing is copied
	}
	if _, isSlice := c.under(x.Args[0]).(*types.Slice); !isSlice {
		return
	}
	c.growRead(x, x.Args[0], func(rd *renderer) (string, bool) { return appendCount(rd, x) })
}

// growRead adds the read of the elements of s that the call x (an append,
// or an Append function of the standard library) copies into a new array
// when the n elements it appends do not fit s's capacity.
func (c *collector) growRead(x *ast.CallExpr, s ast.Expr, n func(rd *renderer) (string, bool)) {
	c.add(&acc{pos: x.Pos(), form: formCustom, loc: s, shown: s,
		custom: func(rd *renderer) (string, bool) {
			sv, ok := rd.value(s)
			if !ok {
				return "", false
			}
			nv, ok := n(rd)
			if !ok {
				return "", false
			}
			rd.guard("len(" + sv + ")+" + nv + " > cap(" + sv + ")")
			return fmt.Sprintf("%s.ReadSlice(%s, %s)", rtName, sv, sitePlaceholder), true
		}})
}

// conversionRead adds the read that the conversion x makes of the memory
// of its operand: every element of a []byte or []rune converted to a
// string, the first N elements of a slice converted to an array [N]T.
func (c *collector) conversionRead(x *ast.CallExpr) {
	if len(x.Args) != 1 {
		return
	}
	arg := x.Args[0]
	if _, isSlice := c.under(arg).(*types.Slice); !isSlice {
		return // a type parameter, a string, a number: nothing to read
	}
	switch to := c.under(x).(type) {
	case *types.Basic:
		if to.Info()&types.IsString != 0 {
			c.add(&acc{pos: x.Pos(), form: formSlice, loc: arg, shown: x})
		}
	case *types.Array:
		if to.Len() > 0 {
			c.add(&acc{pos: x.Pos(), form: formSpan, loc: arg, shown: x, countLit: int(to.Len())})
		}
	}
}
