package instrument

import (
	"fmt"
	"go/ast"
	"go/types"
)

// Accesses through package reflect. A reflect.Value that refers to a
// program's variable (v := reflect.ValueOf(&x).Elem()) reads or writes it
// in methods such as Int and Set, and reflect.Copy copies between slices;
// Go's race detector sees those accesses because it instruments package
// reflect. Package reflect is not rewritten, so its calls get hooks here,
// placed before the call: rt.ReflectRead or rt.ReflectWrite of the
// receiver (the runtime records them only for an addressable Value, the
// only kind that refers to memory others may reach), and for
// reflect.Copy(dst, src) rt.ReflectCopyDst and rt.ReflectCopySrc.
//
// Hooked: the getters of a Value's contents (Bool, Int, Uint, Float,
// Complex, String, Bytes, Interface, IsZero) and its setters (Set and the
// SetKind forms, SetZero, SetLen, SetCap). Not hooked: map operations
// (SetMapIndex, MapIndex), Len and Cap, iterators, and calls of these
// methods as method values.

// reflectReads and reflectWrites name the methods of reflect.Value that
// read and write the memory the Value refers to.
var (
	reflectReads = map[string]bool{
		"Bool": true, "Int": true, "Uint": true, "Float": true, "Complex": true,
		"String": true, "Bytes": true, "Interface": true, "IsZero": true,
	}
	reflectWrites = map[string]bool{
		"Set": true, "SetBool": true, "SetInt": true, "SetUint": true, "SetFloat": true,
		"SetComplex": true, "SetString": true, "SetBytes": true, "SetZero": true,
		"SetLen": true, "SetCap": true, "SetPointer": true,
	}
)

// reflectAccess adds the access that the call x of package reflect makes
// of the program's memory, if any.
func (c *collector) reflectAccess(x *ast.CallExpr) {
	if c.noAt {
		return // a go or defer statement: the call runs later
	}
	fn, ok := c.r.facts.callee(x).(*types.Func)
	if !ok || fn.Pkg() == nil || fn.Pkg().Path() != "reflect" {
		return
	}
	sig, _ := fn.Type().(*types.Signature)
	if sig == nil {
		return
	}
	if sig.Recv() == nil {
		if fn.Name() == "Copy" && len(x.Args) == 2 {
			c.reflectHook(x, true, "ReflectCopyDst", x.Args[0], x.Args[1])
			c.reflectHook(x, false, "ReflectCopySrc", x.Args[0], x.Args[1])
		}
		return
	}
	if types.TypeString(sig.Recv().Type(), nil) != "reflect.Value" {
		return
	}
	sel, isSel := ast.Unparen(x.Fun).(*ast.SelectorExpr)
	if !isSel {
		return // a method expression
	}
	if s := c.r.info.Selections[sel]; s == nil || s.Kind() != types.MethodVal {
		return
	}
	switch {
	case reflectReads[fn.Name()]:
		c.reflectHook(x, false, "ReflectRead", sel.X)
	case reflectWrites[fn.Name()]:
		c.reflectHook(x, true, "ReflectWrite", sel.X)
	}
}

// reflectHook adds the access of the call x hooked as rt.hook(args...).
func (c *collector) reflectHook(x *ast.CallExpr, write bool, hook string, args ...ast.Expr) {
	c.add(&acc{pos: x.Pos(), write: write, form: formCustom, loc: args[0], shown: x,
		custom: func(rd *renderer) (string, bool) {
			text := ""
			for _, a := range args {
				s, ok := rd.value(a)
				if !ok {
					return "", false
				}
				if _, ptr := coreType(c.r.info.TypeOf(a)).(*types.Pointer); ptr {
					// pv.SetInt(x) with pv a *reflect.Value: the method
					// is called on *pv.
					rd.guard(s + " != nil")
					s = "*" + s
				}
				text += s + ", "
			}
			return fmt.Sprintf("%s.%s(%s%s)", rtName, hook, text, sitePlaceholder), true
		}})
}
