package instrument

import (
	"go/ast"
	"go/constant"
	"go/types"
)

// call collects the accesses of a call and gives task-library calls their
// site.
func (c *collector) call(x *ast.CallExpr) {
	if tv, ok := c.r.info.Types[x.Fun]; ok && tv.IsType() {
		for _, a := range x.Args {
			c.read(a) // a conversion
		}
		c.conversionRead(x)
		return
	}
	switch obj := c.r.facts.callee(x).(type) {
	case *types.Builtin:
		c.builtin(x, obj.Name())
		return
	case *types.Func:
		if kind, handle := c.r.facts.taskKind(x); kind != "" {
			c.expr(x.Fun, false, true)
			for _, a := range x.Args {
				c.read(a)
			}
			c.taskCall(x, kind, handle)
			return
		}
	}
	c.read(x.Fun)
	for _, a := range x.Args {
		c.read(a)
	}
	c.lockRead(x)
	c.reflectAccess(x)
	c.stdEffects(x)
	c.noteCall(x)
}

// taskCall wraps the handle of a task-library call in rt.At with a new
// site.
func (c *collector) taskCall(x *ast.CallExpr, kind string, handle ast.Expr) {
	defer func() { c.taskEnds = append(c.taskEnds, x.End()) }()
	if c.dry {
		return
	}
	if c.noAt {
		c.r.skip("task-library call in a go or defer statement")
		return
	}
	if kind != kindRun && kind != kindFuture && !c.isPointer(handle) {
		c.r.skip("task-library method called on a non-pointer")
		return
	}
	k := c.r.addSite(x.Pos(), kind, x.Fun)
	if body := c.r.facts.isolatedBody(x); body != nil {
		c.r.sites[k].commute = c.r.facts.commuteClass(body)
	}
	c.r.atSite(handle, c.r.siteRef(k))
	c.r.stats.TaskCalls++
}

// freshSlice reports whether e, the slice an append appends to, holds no
// element that another goroutine or task can reach: a composite literal
// (freshLiteral), or nil converted to a slice type. The append then reads
// none of its elements (a nil slice has none; a literal's are its own
// operands, read where they are written), and writes new memory: its
// capacity is its length, so any value appended goes to a new array.
func (c *collector) freshSlice(e ast.Expr) bool {
	if freshLiteral(e) {
		return true
	}
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok || len(call.Args) != 1 {
		return false
	}
	tv, ok := c.r.info.Types[call.Fun]
	return ok && tv.IsType() && c.r.info.Types[call.Args[0]].IsNil()
}

// literalLen returns the length of e when it is a composite literal of a
// slice type: one more than the largest index of its elements, an element
// with a key taking the key's index (a constant) and any other the index
// after the element before it.
func literalLen(info *types.Info, e ast.Expr) (int, bool) {
	lit, ok := ast.Unparen(e).(*ast.CompositeLit)
	if !ok {
		return 0, false
	}
	if _, isSlice := coreType(info.TypeOf(lit)).(*types.Slice); !isSlice {
		return 0, false // an array
	}
	n, next := int64(0), int64(0)
	for _, el := range lit.Elts {
		if kv, keyed := el.(*ast.KeyValueExpr); keyed {
			tv := info.Types[kv.Key]
			if tv.Value == nil || tv.Value.Kind() != constant.Int {
				return 0, false
			}
			k, exact := constant.Int64Val(tv.Value)
			if !exact || k < 0 || k >= 1<<31 {
				return 0, false
			}
			next = k
		}
		next++
		n = max(n, next)
	}
	return int(n), true
}

// builtin collects the accesses of a call of a predeclared function.
func (c *collector) builtin(x *ast.CallExpr, name string) {
	args := x.Args
	switch name {
	case "len", "cap":
		if len(args) == 1 {
			c.read(args[0])
			if _, isMap := c.under(args[0]).(*types.Map); isMap {
				c.loc2(args[0], args[0], formMap, false, true)
			}
		}
		return
	case "append":
		if len(args) == 0 {
			return
		}
		c.read(args[0])
		for _, a := range args[1:] {
			c.read(a)
		}
		if c.freshSlice(args[0]) {
			// Appending to a nil slice or to a composite literal reads
			// no element anyone else holds and writes new memory only:
			// what it appends is read above, and, for s..., below.
			if x.Ellipsis.IsValid() && len(args) == 2 {
				if _, isSlice := c.under(args[1]).(*types.Slice); isSlice {
					c.add(&acc{pos: args[1].Pos(), form: formSlice, loc: args[1]})
				}
			}
			return
		}
		c.appendGrowRead(x)
		if x.Ellipsis.IsValid() && len(args) == 2 {
			if _, isSlice := c.under(args[1]).(*types.Slice); isSlice {
				c.add(&acc{pos: args[1].Pos(), form: formSlice, loc: args[1]})
			}
			c.add(&acc{pos: x.Pos(), write: true, form: formSpan, loc: args[0], shown: args[0],
				spanTail: true, count: args[1], countLen: true})
			return
		}
		if len(args) > 1 {
			c.add(&acc{pos: x.Pos(), write: true, form: formSpan, loc: args[0], shown: args[0],
				spanTail: true, countLit: len(args) - 1})
		}
		return
	case "copy":
		if len(args) != 2 {
			return
		}
		c.read(args[0])
		c.read(args[1])
		if n, ok := literalLen(c.r.info, args[1]); ok {
			// copy(dst, []T{a, b}): the source is new memory, and the
			// count is the literal's length, not a second evaluation of it.
			c.add(&acc{pos: args[0].Pos(), write: true, form: formSpan, loc: args[0], countLit: n})
			return
		}
		if _, isSlice := c.under(args[1]).(*types.Slice); isSlice {
			c.add(&acc{pos: args[1].Pos(), form: formSpan, loc: args[1], count: args[0], countLen: true})
		}
		c.add(&acc{pos: args[0].Pos(), write: true, form: formSpan, loc: args[0], count: args[1], countLen: true})
		return
	case "clear":
		if len(args) != 1 {
			return
		}
		c.read(args[0])
		switch c.under(args[0]).(type) {
		case *types.Map:
			c.loc2(args[0], args[0], formMap, true, false)
		case *types.Slice:
			c.add(&acc{pos: args[0].Pos(), write: true, form: formSlice, loc: args[0]})
		}
		return
	case "delete":
		for _, a := range args {
			c.read(a)
		}
		if len(args) == 2 {
			c.loc2(args[0], args[0], formMap, true, false)
		}
		return
	case "Sizeof", "Alignof", "Offsetof":
		return // package unsafe: the operand is not evaluated
	}
	for _, a := range args {
		c.read(a)
	}
}
