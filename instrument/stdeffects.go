package instrument

import (
	"fmt"
	"go/ast"
	"go/types"
	"strconv"
	"strings"
)

// What the standard library does to the program's memory.
//
// The standard library is not rewritten: a method of bytes.Buffer that two
// goroutines call on one buffer writes the buffer's fields inside package
// bytes, where no hook sees it, and a sort.Ints of a slice that another
// goroutine reads writes its elements inside package sort. Go's race
// detector instruments the standard library and reports both. So calls of
// the functions and methods below record, after their operands are
// evaluated and before the call, the access the callee makes to the
// program's memory:
//
//   - A method of a type of stdTypes, whose values are not safe for
//     concurrent use and which synchronises nothing (no mutex, no atomic
//     field, no channel): the call reads the receiver's object, for the
//     methods the table lists as readers, and writes it (which covers its
//     reads) for every other method with a pointer receiver. The access is
//     of the whole object (rt.Write(&buf) or rt.Write(p) for p.M()): a
//     buffer's fields change together, and any two calls of which one
//     writes conflict in Go's race detector too, through the fields they
//     share (a length, an offset, a slice header).
//   - A function of stdFuncs: for each argument the table marks, the
//     elements of a slice argument, a map argument as one location, or
//     the object of a pointer to a type of stdTypes (fmt.Fprintf(&buf,
//     ...) writes buf through its Write method) are read ('r') or written
//     ('w'), as the callee reads or writes them.
//   - slices.Delete(s, i, j): a write of s[i:], which it shifts and
//     clears (sliceDelete).
//   - A function or method of stdPrefixes (the encoders of encoding/binary,
//     encoding/hex, encoding/base64 and base32, unicode/utf8 and
//     strconv): the first n elements of a slice argument, or for an
//     Append function the n elements after its length, are read or
//     written, n fixed by the callee, by the length of another argument,
//     or computed (below). A callee that panics before any access when
//     the slice is shorter (a fixed-size accessor, utf8.EncodeRune) has
//     its hook guarded by the slice's length; one that writes element by
//     element has the prefix cut to the slice's, as far as it writes
//     before its index panics. An Append function writes in place only
//     what fits the slice's capacity, as append does: all or nothing for
//     one that appends once, each element while it fits for one that
//     appends one at a time; and when they do not fit it reads the
//     elements it copies into new memory.
//
// The tables are the model: a type or function that is not in them is, as
// before, code whose accesses nobody sees (the README's "What tpinstr
// sees"). What is left out, on purpose: memory the callee reaches through
// the object and hands back (the slice that Buffer.Bytes returns aliases
// the buffer's array, whose later writes by the buffer are not seen), a
// method value or a call in a go or defer statement (the access would be
// recorded where the call is not made), and calls through interfaces.
// TestStdEffects checks that every entry names a function or method of
// the standard library, with the arguments the table gives it, and
// testdata/goprograms/race/std_buffer that the races are reported.

// stdTypes maps a type of the standard library ("path.Name") to the
// methods of it that only read the receiver, separated by spaces; every
// other method with a pointer receiver writes it.
var stdTypes = map[string]string{
	"bytes.Buffer":           "Available AvailableBuffer Bytes Cap Len String",
	"bytes.Reader":           "Len ReadAt Size",
	"strings.Builder":        "Cap Len String",
	"strings.Reader":         "Len ReadAt Size",
	"bufio.Reader":           "Buffered Size",
	"bufio.Writer":           "Available AvailableBuffer Buffered Size",
	"bufio.Scanner":          "Bytes Err Text",
	"container/list.List":    "Back Front Len",
	"container/list.Element": "Next Prev",
	"math/rand.Rand":         "",
	"math/rand/v2.Rand":      "",
	"math/rand/v2.PCG":       "MarshalBinary",
	"math/rand/v2.ChaCha8":   "MarshalBinary",
	"text/tabwriter.Writer":  "",
	"encoding/csv.Reader":    "FieldPos InputOffset",
	"encoding/csv.Writer":    "Error",
}

// stdFuncs maps a function of the standard library ("path.Name") to the
// effects on its arguments, one letter per argument from the first: 'r'
// read, 'w' write, '-' none (a function, a value); arguments past the
// string have none.
var stdFuncs = map[string]string{
	"sort.Ints":             "w",
	"sort.Strings":          "w",
	"sort.Float64s":         "w",
	"sort.Slice":            "w",
	"sort.SliceStable":      "w",
	"sort.SearchInts":       "r",
	"sort.SearchStrings":    "r",
	"sort.SearchFloat64s":   "r",
	"sort.IntsAreSorted":    "r",
	"sort.StringsAreSorted": "r",
	"slices.Sort":           "w",
	"slices.SortFunc":       "w",
	"slices.SortStableFunc": "w",
	"slices.Reverse":        "w",
	"slices.Contains":       "r",
	"slices.ContainsFunc":   "r",
	"slices.Index":          "r",
	"slices.IndexFunc":      "r",
	"slices.Equal":          "rr",
	"slices.Max":            "r",
	"slices.Min":            "r",
	"slices.BinarySearch":   "r",
	"slices.IsSorted":       "r",
	"slices.Clone":          "r",
	"maps.Clone":            "r",
	"maps.Copy":             "wr",
	"strings.Join":          "r",
	"fmt.Fprint":            "w",
	"fmt.Fprintf":           "w",
	"fmt.Fprintln":          "w",
	"fmt.Fscan":             "w",
	"fmt.Fscanf":            "w",
	"fmt.Fscanln":           "w",
	"io.WriteString":        "w",
	"io.Copy":               "ww",
	"io.CopyN":              "ww",
	"io.ReadAll":            "w",
}

// stdPrefixes maps a function or method of the standard library that reads
// or writes a prefix of a slice argument, whose length the call's other
// arguments fix, to those effects ("path.Name" of a function,
// "path.Type.Method" of a method, the method of an interface type counting
// for every call through it). Recording the whole slice instead would be
// wrong: encoders write their output at consecutive offsets of one buffer
// (binary.BigEndian.PutUint32(buf[4*i:], v)), and goroutines that fill
// disjoint parts of it do not race.
//
// A computed count (size) is written so that the callee computes it: the
// length of a varint or of a rune's UTF-8 encoding is that of the callee's
// own encoding of the same value into a scratch array, and an encoding's
// length is its EncodedLen. TestStdPrefixesExact checks each entry against
// the bytes the callee changes.
var stdPrefixes = map[string][]prefixEffect{
	"encoding/hex.Encode":         {{arg: 0, write: true, n: 2, lenOf: 2}, {arg: 1, n: 1, lenOf: 2}},
	"encoding/hex.AppendEncode":   {{arg: 0, write: true, n: 2, lenOf: 2, tail: true}, {arg: 1, n: 1, lenOf: 2}},
	"encoding/hex.EncodeToString": {{arg: 0, n: 1, lenOf: 1}},
	"encoding/hex.Dump":           {{arg: 0, n: 1, lenOf: 1}},

	// PutUvarint writes byte by byte; AppendUvarint appends byte by byte.
	"encoding/binary.PutUvarint":    {{arg: 0, write: true, size: "%[1]s(new([10]byte)[:], %[4]s)"}},
	"encoding/binary.PutVarint":     {{arg: 0, write: true, size: "%[1]s(new([10]byte)[:], %[4]s)"}},
	"encoding/binary.AppendUvarint": {{arg: 0, write: true, tail: true, each: true, size: "len(%[1]s(new([10]byte)[:0], %[4]s))"}},
	"encoding/binary.AppendVarint":  {{arg: 0, write: true, tail: true, each: true, size: "len(%[1]s(new([10]byte)[:0], %[4]s))"}},

	// EncodeRune checks the last index it writes first; AppendRune
	// appends once.
	"unicode/utf8.EncodeRune": {{arg: 0, write: true, whole: true, size: "%[1]s(new([4]byte)[:], %[4]s)"}},
	"unicode/utf8.AppendRune": {{arg: 0, write: true, tail: true, size: "len(%[1]s(new([4]byte)[:0], %[4]s))"}},

	// AppendUint and AppendBool append once (AppendInt appends the sign
	// and the digits separately, and is left out).
	"strconv.AppendUint": {{arg: 0, write: true, tail: true, size: "len(%[1]s(new([64]byte)[:0], %[4]s, %[5]s))"}},
	"strconv.AppendBool": {{arg: 0, write: true, tail: true, size: "len(%[1]s(new([5]byte)[:0], %[4]s))"}},
}

// prefixEffect is one effect of stdPrefixes: a read or write of the first
// n elements of argument arg or, when lenOf is set, of the first n times
// len(argument lenOf-1) elements (lenOf counts from 1), or, when size is
// set, of the first size elements.
type prefixEffect struct {
	arg   int
	write bool
	n     int
	lenOf int
	// size is a computed count: a Go expression in which %[1]s stands for
	// the callee (the call's function, or receiver.Method), %[2]s for the
	// receiver of a method and %[3]s, %[4]s, … for the arguments, each
	// rendered evaluated once.
	size string
	// whole: the callee panics before any access when the slice is
	// shorter than the count (the hook is guarded by its length); without
	// it, the access is cut to the slice's length.
	whole bool
	// tail: the elements after len(arg), up to its capacity, which an
	// Append function writes in place: all of them when they fit, or,
	// with each, every element while it fits.
	tail, each bool
}

func init() {
	// The fixed-size accessors of encoding/binary's byte orders, called on
	// BigEndian, LittleEndian or NativeEndian (whose methods are promoted
	// from one of the other two), or through ByteOrder: each panics before
	// any access when the slice is shorter than its size.
	for _, t := range []string{"bigEndian", "littleEndian", "ByteOrder"} {
		for _, size := range []int{2, 4, 8} {
			bits := strconv.Itoa(8 * size)
			stdPrefixes["encoding/binary."+t+".PutUint"+bits] = []prefixEffect{{arg: 0, write: true, n: size}}
			stdPrefixes["encoding/binary."+t+".Uint"+bits] = []prefixEffect{{arg: 0, n: size}}
		}
	}
	// Their Append forms append once.
	for _, t := range []string{"bigEndian", "littleEndian", "AppendByteOrder"} {
		for _, size := range []int{2, 4, 8} {
			stdPrefixes["encoding/binary."+t+".AppendUint"+strconv.Itoa(8*size)] = []prefixEffect{{arg: 0, write: true, n: size, tail: true}}
		}
	}
	// An encoding of base64 or base32 writes EncodedLen(len(src)) bytes,
	// byte by byte (Encode) or appended once (AppendEncode).
	for _, p := range []string{"encoding/base64", "encoding/base32"} {
		const size = "%[2]s.EncodedLen(len(%[4]s))"
		stdPrefixes[p+".Encoding.Encode"] = []prefixEffect{{arg: 0, write: true, size: size}, {arg: 1, n: 1, lenOf: 2}}
		stdPrefixes[p+".Encoding.AppendEncode"] = []prefixEffect{{arg: 0, write: true, size: size, tail: true}, {arg: 1, n: 1, lenOf: 2}}
		stdPrefixes[p+".Encoding.EncodeToString"] = []prefixEffect{{arg: 0, n: 1, lenOf: 1}}
	}
}

// byteAccessor reports whether the call x is of a fixed-size accessor of a
// byte order of encoding/binary, called on BigEndian, LittleEndian or
// NativeEndian (binary.BigEndian.Uint32(b[4*i:]), PutUint16(b, v)): write
// for the Put forms, n the size. Such a call runs code of the standard
// library that makes no task-library call, synchronises nothing, and
// touches no memory of the program but the first n elements of its slice
// argument, which the call's hook records (prefixes); it panics, before
// any access, when the slice is shorter. So the hook optimizations may
// treat it as no call (effects.call), with the write of a slice's
// elements for the Put forms, as they treat copy. A call of the method of
// the interface ByteOrder (through a variable of it, or promoted from an
// embedded one) is not one: it may run any code.
func (f *facts) byteAccessor(x *ast.CallExpr) (write bool, n int, ok bool) {
	sel, isSel := ast.Unparen(x.Fun).(*ast.SelectorExpr)
	if !isSel || len(x.Args) == 0 {
		return false, 0, false
	}
	s := f.info.Selections[sel]
	if s == nil || s.Kind() != types.MethodVal || types.IsInterface(s.Recv()) {
		return false, 0, false
	}
	fn, _ := s.Obj().(*types.Func)
	if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != "encoding/binary" {
		return false, 0, false
	}
	// The method of the byte order itself, not of the interface
	// ByteOrder that a struct of the program may embed (its method is
	// whatever the embedded value's is).
	key := methodKey(fn)
	if !strings.HasPrefix(key, "encoding/binary.bigEndian.") && !strings.HasPrefix(key, "encoding/binary.littleEndian.") {
		return false, 0, false
	}
	effs := stdPrefixes[key]
	if len(effs) != 1 {
		return false, 0, false
	}
	e := effs[0]
	if e.arg != 0 || e.n <= 0 || e.lenOf != 0 || e.size != "" || e.tail {
		return false, 0, false
	}
	if _, isSlice := coreType(f.info.TypeOf(x.Args[0])).(*types.Slice); !isSlice {
		return false, 0, false
	}
	return e.write, e.n, true
}

// methodKey returns "path.Type.Method" of a method of a named type of the
// standard library, or "".
func methodKey(fn *types.Func) string {
	sig, _ := fn.Type().(*types.Signature)
	if sig == nil || sig.Recv() == nil || fn.Pkg() == nil {
		return ""
	}
	t := sig.Recv().Type()
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	named, _ := types.Unalias(t).(*types.Named)
	if named == nil || strings.Contains(fn.Pkg().Path(), ".") {
		return ""
	}
	return fn.Pkg().Path() + "." + named.Obj().Name() + "." + fn.Name()
}

// sliceDelete collects the write of slices.Delete(s, i, j): it moves
// s[j:] down to s[i:] and clears the tail, so it writes s[i:] (and reads
// s[j:], which the write covers), after a bounds check that panics, before
// any access, unless 0 <= i <= j <= len(s).
func (c *collector) sliceDelete(x *ast.CallExpr) {
	if len(x.Args) != 3 {
		return
	}
	s, i, j := x.Args[0], x.Args[1], x.Args[2]
	c.add(&acc{pos: x.Pos(), write: true, form: formCustom, loc: s, shown: s,
		custom: func(rd *renderer) (string, bool) {
			st, ok1 := rd.value(s)
			it, ok2 := rd.value(i)
			jt, ok3 := rd.value(j)
			if !ok1 || !ok2 || !ok3 {
				return "", false
			}
			rd.guard("0 <= " + it)
			rd.guard(it + " <= " + jt)
			rd.guard(jt + " <= len(" + st + ")")
			return rtName + ".WriteSlice(" + st + "[" + it + ":], " + sitePlaceholder + ")", true
		}})
}

// prefixes collects the accesses effs of the call x.
func (c *collector) prefixes(x *ast.CallExpr, effs []prefixEffect) {
	for _, e := range effs {
		if e.arg >= len(x.Args) || e.lenOf > len(x.Args) {
			continue
		}
		loc := x.Args[e.arg]
		if c.nilArg(x, e) {
			continue // a nil destination, or nothing to encode: no access
		}
		a := &acc{pos: x.Pos(), write: e.write, form: formSpan, loc: loc, shown: loc, spanTail: e.tail, tailEach: e.each}
		switch {
		case e.size != "":
			a.countText, a.countWhole = sizeText(x, e.size), e.whole
		case e.lenOf > 0:
			a.count, a.countLen, a.countScale = x.Args[e.lenOf-1], true, e.n
		default:
			a.countLit = e.n
			if !e.tail {
				a.minLen = e.n
			}
		}
		if e.tail {
			c.growRead(x, loc, a.spanCount)
		}
		c.add(a)
	}
}

// nilArg reports whether an argument of x that the effect e reads,
// writes or counts by is nil: its access is then of no element (an
// Append function given nil allocates, and an encoder of nil writes
// nothing), and its hook could not be rendered (len(nil)).
func (c *collector) nilArg(x *ast.CallExpr, e prefixEffect) bool {
	for i, arg := range x.Args {
		if (i == e.arg || i == e.lenOf-1 || e.size != "") && c.r.info.Types[arg].IsNil() {
			return true
		}
	}
	return c.freshSlice(x.Args[e.arg])
}

// sizeText returns the renderer of the computed count size of the call x
// (prefixEffect.size).
func sizeText(x *ast.CallExpr, size string) func(rd *renderer) (string, bool) {
	return func(rd *renderer) (string, bool) {
		var callee, recv string
		if sel, ok := ast.Unparen(x.Fun).(*ast.SelectorExpr); ok && rd.f.info.Selections[sel] != nil {
			r, ok := rd.value(sel.X)
			if !ok {
				return "", false
			}
			recv, callee = r, r+"."+sel.Sel.Name
		} else {
			f, ok := rd.value(x.Fun)
			if !ok {
				return "", false
			}
			callee = f
		}
		args := []any{callee, recv}
		for _, arg := range x.Args {
			v, ok := rd.value(arg)
			if !ok {
				return "", false
			}
			args = append(args, v)
		}
		return fmt.Sprintf(size, args...), true
	}
}

// stdKey returns "path.Name" of a package-level object of the standard
// library, or "".
func stdKey(obj types.Object) string {
	if obj == nil || obj.Pkg() == nil || !isStdPath(obj.Pkg().Path()) {
		return ""
	}
	return obj.Pkg().Path() + "." + obj.Name()
}

// stdMethodWrites reports whether the method fn, of a type of stdTypes
// with a pointer receiver, writes its receiver (else it reads it); ok is
// false for any other method.
func stdMethodWrites(fn *types.Func) (write, ok bool) {
	sig, _ := fn.Type().(*types.Signature)
	if sig == nil || sig.Recv() == nil {
		return false, false
	}
	p, isPtr := sig.Recv().Type().(*types.Pointer)
	if !isPtr {
		return false, false
	}
	named, _ := types.Unalias(p.Elem()).(*types.Named)
	if named == nil {
		return false, false
	}
	readers, listed := stdTypes[stdKey(named.Obj())]
	if !listed {
		return false, false
	}
	for _, m := range strings.Fields(readers) {
		if m == fn.Name() {
			return false, true
		}
	}
	return true, true
}

// stdEffects collects the accesses that the call x of a function or method
// of the standard library makes to the program's memory (see above).
func (c *collector) stdEffects(x *ast.CallExpr) {
	if c.noAt {
		return // in a go or defer statement: the call is made later
	}
	if sel, ok := ast.Unparen(x.Fun).(*ast.SelectorExpr); ok {
		if s := c.r.info.Selections[sel]; s != nil && s.Kind() == types.MethodVal {
			fn, _ := s.Obj().(*types.Func)
			if fn == nil {
				return
			}
			if effs, ok := stdPrefixes[methodKey(fn)]; ok {
				// The effect is on the arguments: a promoted method
				// (binary.NativeEndian's) has it too.
				c.prefixes(x, effs)
				return
			}
			if write, ok := stdMethodWrites(fn); ok {
				if len(s.Index()) == 1 {
					c.stdObject(sel.X, write)
				} else {
					c.stdPromoted(sel, s, write)
				}
			}
			return
		}
	}
	fn, ok := c.r.facts.callee(x).(*types.Func)
	if !ok {
		return
	}
	if effs, ok := stdPrefixes[stdKey(fn)]; ok {
		c.prefixes(x, effs)
		return
	}
	if stdKey(fn) == "slices.Delete" {
		c.sliceDelete(x)
		return
	}
	effects := stdFuncs[stdKey(fn)]
	for i, a := range x.Args {
		if i >= len(effects) || effects[i] == '-' {
			continue
		}
		write := effects[i] == 'w'
		switch t := c.under(a).(type) {
		case *types.Slice:
			c.loc2(a, a, formSlice, write, !write)
		case *types.Map:
			c.loc2(a, a, formMap, write, !write)
		case *types.Pointer:
			if named, _ := types.Unalias(t.Elem()).(*types.Named); named != nil {
				if _, listed := stdTypes[stdKey(named.Obj())]; listed {
					c.loc2(a, a, formPtr, write, !write)
				}
			}
		}
	}
}

// stdPromoted collects the read or write of the object that a method of a
// type of stdTypes, promoted through the embedded fields of the selection
// x (s.Write on a struct that embeds bytes.Buffer), is called on: the last
// embedded field on the path (s.Buffer), or the value it points to when
// that field is a pointer. The path is rendered as embeddedAcc renders
// it, with a guard for each embedded pointer.
func (c *collector) stdPromoted(x *ast.SelectorExpr, s *types.Selection, write bool) {
	idx := s.Index()
	path := idx[:len(idx)-1]
	t := c.r.info.TypeOf(x.X)
	for _, k := range path {
		st := derefStruct(t)
		if st == nil || k >= st.NumFields() {
			return
		}
		t = st.Field(k).Type()
	}
	_, last := coreType(t).(*types.Pointer)
	if !last && !c.embeddedShared(x.X, path) {
		return // a variable of this goroutine's own
	}
	a := c.embeddedAcc(x, path, last)
	a.write = write
	c.add(a)
}

// stdObject collects the read or write of the object recv, the receiver
// of a method of a type of stdTypes (an addressable operand, or a pointer
// to it).
func (c *collector) stdObject(recv ast.Expr, write bool) {
	recv = ast.Unparen(recv)
	switch {
	case c.isPointer(recv):
		c.loc2(recv, recv, formPtr, write, !write)
	case c.addressable(recv) && c.locShared(recv):
		c.loc(recv, formAddr, write, !write)
	}
}
