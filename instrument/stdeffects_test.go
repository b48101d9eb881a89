package instrument

import (
	"fmt"
	"go/types"
	stdmaps "maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/tools/go/packages"
)

// TestStdEffects checks the tables of stdeffects.go against the standard
// library of the toolchain that runs the test: every type exists, is a
// struct that holds no mutex, atomic value or channel (its methods
// synchronise nothing), and has the reader methods listed, with pointer
// receivers; every function exists, and each argument it marks is one
// whose memory the table can name (a slice, a map, or an interface or
// pointer that a *T of a listed type is passed as); and the methods are
// classified as the table says.
func TestStdEffects(t *testing.T) {
	paths := map[string]bool{}
	for k := range stdTypes {
		paths[k[:strings.LastIndexByte(k, '.')]] = true
	}
	for k := range stdFuncs {
		paths[k[:strings.LastIndexByte(k, '.')]] = true
	}
	var patterns []string
	for p := range paths {
		patterns = append(patterns, p)
	}
	slices.Sort(patterns)
	pkgs, err := packages.Load(&packages.Config{Mode: packages.NeedName | packages.NeedTypes}, patterns...)
	if err != nil {
		t.Fatal(err)
	}
	scope := map[string]*types.Scope{}
	for _, p := range pkgs {
		if len(p.Errors) > 0 {
			t.Fatalf("%s: %v", p.PkgPath, p.Errors)
		}
		scope[p.PkgPath] = p.Types.Scope()
	}
	lookup := func(key string) types.Object {
		i := strings.LastIndexByte(key, '.')
		return scope[key[:i]].Lookup(key[i+1:])
	}
	for key, readers := range stdTypes {
		tn, ok := lookup(key).(*types.TypeName)
		if !ok {
			t.Errorf("stdTypes: %s is not a type", key)
			continue
		}
		named := tn.Type().(*types.Named)
		if s, ok := named.Underlying().(*types.Struct); !ok {
			t.Errorf("stdTypes: %s is not a struct", key)
		} else if f := syncField(s, map[types.Type]bool{}); f != "" {
			t.Errorf("stdTypes: %s holds %s: its methods may synchronise", key, f)
		}
		mset := types.NewMethodSet(types.NewPointer(named))
		for _, m := range strings.Fields(readers) {
			sel := mset.Lookup(tn.Pkg(), m)
			if sel == nil {
				t.Errorf("stdTypes: %s has no method %s", key, m)
				continue
			}
			if write, ok := stdMethodWrites(sel.Obj().(*types.Func)); !ok || write {
				t.Errorf("stdMethodWrites(%s.%s) = %v, %v, want false, true (a reader)", key, m, write, ok)
			}
		}
		for i := range mset.Len() {
			fn := mset.At(i).Obj().(*types.Func)
			if !fn.Exported() || len(mset.At(i).Index()) > 1 {
				continue
			}
			_, isPtr := fn.Type().(*types.Signature).Recv().Type().(*types.Pointer)
			write, ok := stdMethodWrites(fn)
			if isPtr && (!ok || write == slices.Contains(strings.Fields(readers), fn.Name())) {
				t.Errorf("stdMethodWrites(%s.%s) = %v, %v", key, fn.Name(), write, ok)
			}
		}
	}
	for key, effects := range stdFuncs {
		fn, ok := lookup(key).(*types.Func)
		if !ok {
			t.Errorf("stdFuncs: %s is not a function", key)
			continue
		}
		params := fn.Type().(*types.Signature).Params()
		if len(effects) > params.Len() {
			t.Errorf("stdFuncs: %s has %d parameters, the table %d effects", key, params.Len(), len(effects))
			continue
		}
		for i, e := range effects {
			pt := params.At(i).Type()
			if tp, ok := types.Unalias(pt).(*types.TypeParam); ok {
				pt = tp.Constraint()
				if core := coreType(tp); core != nil {
					pt = core
				}
			}
			switch pt.Underlying().(type) {
			case *types.Slice, *types.Map, *types.Interface, *types.Pointer:
			default:
				if e != '-' {
					t.Errorf("stdFuncs: %s: argument %d, of type %s, is marked %q", key, i, params.At(i).Type(), e)
				}
			}
			if !strings.ContainsRune("rw-", e) {
				t.Errorf("stdFuncs: %s: effect %q", key, e)
			}
		}
	}
}

// TestStdPrefixes checks every entry of stdPrefixes against the standard
// library (the function or method exists, its effect arguments are slices
// and its length argument one too) and the hooks the rewriter gives a few
// calls: the prefix, its guard, and nothing for a call outside the table.
func TestStdPrefixes(t *testing.T) {
	paths := map[string]bool{}
	for key := range stdPrefixes {
		paths[strings.Split(key, ".")[0]] = true
	}
	pkgs, err := packages.Load(&packages.Config{Mode: packages.NeedName | packages.NeedTypes}, slices.Sorted(stdmaps.Keys(paths))...)
	if err != nil {
		t.Fatal(err)
	}
	scope := map[string]*types.Scope{}
	for _, p := range pkgs {
		scope[p.PkgPath] = p.Types.Scope()
	}
	for key, effs := range stdPrefixes {
		parts := strings.Split(key, ".")
		path := parts[0]
		var fn *types.Func
		switch len(parts) {
		case 2:
			fn, _ = scope[path].Lookup(parts[1]).(*types.Func)
		case 3:
			if tn, ok := scope[path].Lookup(parts[1]).(*types.TypeName); ok {
				obj, _, _ := types.LookupFieldOrMethod(tn.Type(), true, tn.Pkg(), parts[2])
				fn, _ = obj.(*types.Func)
			}
		}
		if fn == nil {
			t.Errorf("stdPrefixes: %s is not a function or method", key)
			continue
		}
		if len(parts) == 3 && methodKey(fn) != key {
			t.Errorf("methodKey(%s) = %q", key, methodKey(fn))
		}
		params := fn.Type().(*types.Signature).Params()
		for _, e := range effs {
			for _, i := range []int{e.arg, e.lenOf - 1} {
				if i < 0 {
					continue
				}
				if i >= params.Len() {
					t.Errorf("stdPrefixes: %s has no argument %d", key, i)
				} else if _, ok := params.At(i).Type().Underlying().(*types.Slice); !ok {
					t.Errorf("stdPrefixes: %s: argument %d is a %s, not a slice", key, i, params.At(i).Type())
				}
			}
		}
	}
	head := "package p\n\nimport (\n\t\"encoding/binary\"\n\t\"encoding/hex\"\n\t\"slices\"\n)\n\nvar buf, src []byte\n\nvar order binary.ByteOrder = binary.LittleEndian\n\nvar _ = hex.Encode\n\nvar _ = slices.Delete[[]byte]\n\n"
	tests := []struct{ name, body, want string }{
		{"PutUint32", "func f(i int, v uint32) { binary.BigEndian.PutUint32(buf[4*i:], v) }",
			"len(buf[(4 * i):]) >= 4 { _tpinstr_rt.WriteSlice(_tpinstrSpan_d0243f40(buf[(4 * i):], 4)"},
		{"Uint64 through ByteOrder", "func f() uint64 { return order.Uint64(buf) }",
			"len(buf) >= 8 { _tpinstr_rt.ReadSlice(_tpinstrSpan_d0243f40(buf, 8)"},
		{"hex.Encode", "func f() { hex.Encode(buf, src) }",
			"_tpinstr_rt.WriteSlice(_tpinstrSpan_d0243f40(buf, 2*len(src))"},
		{"slices.Delete", "func f(i int) []byte { return slices.Delete(buf, i, i+2) }",
			"if 0 <= i && i <= (i + 2) && (i + 2) <= len(buf) { _tpinstr_rt.WriteSlice(buf[i:]"},
		{"hex.Encode reads its source", "func f() { hex.Encode(buf, src) }",
			"_tpinstr_rt.ReadSlice(_tpinstrSpan_d0243f40(src, len(src))"},
		{"nil destination", "func f(v uint64) []byte { return binary.BigEndian.AppendUint64(nil, v) }",
			"return binary.BigEndian.AppendUint64(nil, v)"},
		{"nil source", "func f() { hex.Encode(buf, nil) }",
			"hex.Encode(buf, nil)"},
		{"new destination", "func f(v uint64) []byte { return binary.AppendUvarint([]byte{}, v) }",
			"return binary.AppendUvarint([]byte{}, v)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, out := rewriteSource(t, head+tt.body+"\n", Config{})
			if !strings.Contains(out, tt.want) {
				t.Errorf("no %s in\n%s", tt.want, out)
			}
		})
	}
}

// syncField returns the name of a field of s, or of a struct it holds by
// value, whose type synchronises (a type of package sync or sync/atomic,
// or a channel), or "".
func syncField(s *types.Struct, seen map[types.Type]bool) string {
	for f := range s.Fields() {
		t := f.Type()
		if seen[t] {
			continue
		}
		seen[t] = true
		if _, ok := t.Underlying().(*types.Chan); ok {
			return f.Name()
		}
		if n, ok := types.Unalias(t).(*types.Named); ok && n.Obj().Pkg() != nil {
			if p := n.Obj().Pkg().Path(); p == "sync" || p == "sync/atomic" {
				return f.Name()
			}
		}
		if inner, ok := t.Underlying().(*types.Struct); ok {
			if name := syncField(inner, seen); name != "" {
				return f.Name() + "." + name
			}
		}
	}
	return ""
}

// TestStdPrefixesExact builds testdata/src/stdprefix checked and runs each
// of its cases: a call of an encoder of stdPrefixes in a task, parallel
// with writes of every element of its destination's array, each at a line
// of its own. The lines a race is reported at must be exactly the elements
// that the program found the encoder to write or read, on copies, before:
// a recorded access that is too short misses a race, one that is too long
// invents one.
func TestStdPrefixesExact(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a program; skipped in -short mode")
	}
	tmp, bin, _ := buildChecked(t, "./instrument/testdata/src/stdprefix", Config{})
	src, err := os.ReadFile(filepath.Join(moduleRoot(t), "instrument", "testdata", "src", "stdprefix", "stdprefix.go"))
	if err != nil {
		t.Fatal(err)
	}
	// The element each line of touch writes.
	elem := map[string]string{}
	for i, l := range strings.Split(string(src), "\n") {
		if _, k, ok := strings.Cut(l, "// k="); ok {
			elem[fmt.Sprintf("stdprefix.go:%d", i+1)] = k
		}
	}
	list, errOut, code, err := run(tmp, nil, bin, "list")
	if err != nil || code != 0 {
		t.Fatalf("list: exit %d, %v\n%s", code, err, errOut)
	}
	line := regexp.MustCompile(`stdprefix\.go:[0-9]+`)
	for _, name := range strings.Fields(list) {
		t.Run(name, func(t *testing.T) {
			out, errOut, code, err := run(tmp, nil, bin, name)
			if err != nil {
				t.Fatal(err)
			}
			want, ok := strings.CutPrefix(strings.TrimSpace(out), "want ")
			if !ok || want == "[]" {
				t.Fatalf("the case accesses nothing: output %q", out)
			}
			raced := map[string]bool{}
			for _, pos := range line.FindAllString(errOut, -1) {
				if k, ok := elem[pos]; ok {
					raced[k] = true
				}
			}
			var ks []int
			for k := range raced {
				n, err := strconv.Atoi(k)
				if err != nil {
					t.Fatal(err)
				}
				ks = append(ks, n)
			}
			slices.Sort(ks)
			got := make([]string, len(ks))
			for i, k := range ks {
				got[i] = strconv.Itoa(k)
			}
			if g := fmt.Sprint(got); g != want {
				t.Errorf("races at elements %s, want %s (exit %d)\n%s", g, want, code, errOut)
			}
			if code != 66 {
				t.Errorf("exit %d, want 66", code)
			}
		})
	}
}

// TestStdPromoted checks the accesses of methods of stdTypes promoted
// through embedded fields: the object is the last embedded field on the
// path, or what it points to, written or read as the method does.
func TestStdPromoted(t *testing.T) {
	head := "package p\n\nimport (\n\t\"bytes\"\n\t\"strings\"\n)\n\ntype log struct {\n\tbytes.Buffer\n\tn int\n}\n\ntype tally struct{ *strings.Builder }\n\ntype outer struct{ *log }\n\n"
	tests := []struct{ name, body, want, not string }{
		{"value embedded, through a pointer", "func f(l *log) { l.WriteString(\"x\") }",
			"_tpinstr_rt.Write(&l.Buffer", ""},
		{"reader method", "func f(l *log) int { return l.Len() }",
			"_tpinstr_rt.Read(&l.Buffer", "_tpinstr_rt.Write(&l.Buffer"},
		{"pointer embedded", "func f(t tally) { t.WriteByte('.') }",
			"_tpinstr_rt.Write(t.Builder", ""},
		{"through an embedded pointer", "func f(o outer) { o.WriteString(\"x\") }",
			"_tpinstr_rt.Write(&o.log.Buffer", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, out := rewriteSource(t, head+tt.body+"\n", Config{})
			if tt.want != "" && !strings.Contains(out, tt.want) {
				t.Errorf("no %s in\n%s", tt.want, out)
			}
			if tt.not != "" && strings.Contains(out, tt.not) {
				t.Errorf("%s in\n%s", tt.not, out)
			}
		})
	}
}
