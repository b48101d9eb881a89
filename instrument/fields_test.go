package instrument

import (
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// fieldsHead starts every case of TestFieldKeys: struct types with fields
// of every shape, and a generic one.
const fieldsHead = `package p

import (
	"encoding/binary"
	"io"
	"reflect"
	"sync/atomic"
	"unsafe"
)

var _ = binary.Read
var _ io.Reader
var _ = reflect.ValueOf
var _ atomic.Int32
var _ unsafe.Pointer

type node struct {
	l, r *node
	v    int
}

type inner struct{ a, b int }

type holder struct {
	in  inner
	arr [4]int
	c   counter
	n   *node
}

type counter struct{ k int }

type outer struct {
	node
	w int
}

type alias node

type box[T any] struct{ v T }

`

// registerRE matches the registration of a file's fields in its site
// package.
var registerRE = regexp.MustCompile(`RegisterFields\((\S+?), (nil|\[\]string\{.*?\}), (nil|\[\]string\{.*?\})\)\n`)

// fieldLists returns the read key sets and the write keys that the site
// package of a rewritten file registers, with the package path "fuzz/p."
// taken off the keys.
func fieldLists(t *testing.T, out string) (reads, writes []string) {
	t.Helper()
	m := registerRE.FindStringSubmatch(out)
	if m == nil {
		return nil, nil
	}
	list := func(s string) []string {
		if s == "nil" {
			return nil
		}
		var l []string
		for _, q := range regexp.MustCompile(`"(?:[^"\\]|\\.)*"`).FindAllString(s, -1) {
			u, err := strconv.Unquote(q)
			if err != nil {
				t.Fatal(err)
			}
			l = append(l, strings.ReplaceAll(u, "fuzz/p.", ""))
		}
		return l
	}
	return list(m[2]), list(m[3])
}

// TestFieldKeys checks, for each form of write, that the file registers
// the fields it may write, and for each form of field read, the keys its
// flag stands for. A write form that registered nothing would let a read
// of that field lose its hook while the write races with it.
func TestFieldKeys(t *testing.T) {
	nodeAll := []string{"node.l", "node.r", "node.v"}
	tests := []struct {
		name   string
		body   string
		reads  []string // key sets of the flagged reads, in flag order
		writes []string // must be among the registered write keys
		not    []string // must not be
	}{
		{name: "built, then read",
			body:  "func build() *node { return &node{l: &node{}, r: &node{v: 1}} }\nfunc sum(n *node) int { return n.l.v + n.v }\n",
			reads: []string{"node.l", "node.v"}, not: nodeAll},
		{name: "field",
			body:   "func set(n *node) { n.v = 1 }\n",
			writes: []string{"node.v"}, not: []string{"node.l", "node.r"}},
		{name: "op assignment",
			body:   "func set(n *node) { n.v += 2 }\n",
			reads:  []string{"node.v"},
			writes: []string{"node.v"}},
		{name: "increment",
			body:   "func set(n *node) { n.v++ }\n",
			reads:  []string{"node.v"},
			writes: []string{"node.v"}},
		{name: "whole struct through a pointer",
			body:   "func set(n, m *node) { *n = *m }\n",
			writes: nodeAll},
		{name: "element of a slice",
			body:   "func set(s []node) { s[1] = node{} }\n",
			writes: nodeAll},
		{name: "append",
			body:   "var ns []node\nfunc set() { ns = append(ns, node{v: 1}) }\n",
			writes: nodeAll},
		{name: "copy",
			body:   "func set(dst, src []node) { copy(dst, src) }\n",
			writes: nodeAll},
		{name: "clear",
			body:   "func set(s []node) { clear(s) }\n",
			writes: nodeAll},
		{name: "address of a field",
			body:   "func set(h *holder) { p := &h.in.a; *p = 1 }\n",
			writes: []string{"holder.in", "inner.a"}, not: []string{"holder.arr"}},
		{name: "binary.Read into a struct",
			body:   "func load(r io.Reader, in *inner) error { return binary.Read(r, binary.LittleEndian, in) }\n",
			writes: []string{"inner.a", "inner.b"}, not: []string{"holder.in"}},
		{name: "binary.Read into an interface",
			body:   "func load(r io.Reader, data any) error { return binary.Read(r, binary.LittleEndian, data) }\n",
			writes: []string{"*"}},
		{name: "atomic through a field's address",
			body:   "type stat struct{ hits int32 }\nfunc hit(s *stat) { atomic.AddInt32(&s.hits, 1) }\n",
			writes: []string{"stat.hits"}},
		{name: "promoted field",
			body:   "func set(o *outer) { o.v = 3 }\n",
			writes: []string{"outer.node", "node.v"}, not: []string{"outer.w"}},
		{name: "promoted through a pointer",
			body:   "type pouter struct{ *node }\nfunc set(o pouter) { o.v = 3 }\n",
			writes: []string{"node.v"}, not: []string{"pouter.node"}},
		{name: "element of an array field",
			body:   "func set(h *holder) { h.arr[1] = 2 }\n",
			writes: []string{"holder.arr"}, not: []string{"holder.in"}},
		{name: "slice of an array field",
			body:   "func set(h *holder) []int { return h.arr[:] }\n",
			writes: []string{"holder.arr"}},
		{name: "pointer method on a field",
			body:   "func (c *counter) inc() {}\nfunc set(h *holder) { h.c.inc() }\n",
			writes: []string{"holder.c"}, not: []string{"holder.in"}},
		{name: "field of a struct field",
			body:   "func set(h *holder) { h.in = inner{} }\n",
			writes: []string{"holder.in", "inner.a", "inner.b"}},
		{name: "through a pointer field",
			body:   "func set(h *holder) { h.n.v = 1 }\n",
			reads:  []string{"holder.n"},
			writes: []string{"node.v"}, not: []string{"holder.n"}},
		{name: "unsafe.Pointer of a pointer",
			body:   "func set(n *node) unsafe.Pointer { return unsafe.Pointer(n) }\n",
			writes: nodeAll},
		{name: "unsafe.Pointer from a uintptr",
			body:   "func set(u uintptr) unsafe.Pointer { return unsafe.Pointer(u) }\n",
			writes: []string{anyField}},
		{name: "pointer conversion",
			body:   "func set(n *node) *alias { return (*alias)(n) }\n",
			writes: append([]string{"alias.l", "alias.r", "alias.v"}, nodeAll...)},
		{name: "reflect",
			body:   "func set(v reflect.Value) { v.SetInt(1) }\n",
			writes: []string{anyField}},
		{name: "generic instance",
			body:   "func set() any { return box[node]{} }\n",
			writes: nodeAll},
		{name: "instance of a standard generic type",
			body: "var root atomic.Pointer[node]\nfunc get() *node { return root.Load() }\n",
			not:  nodeAll},
		{name: "read of a struct field",
			body:  "func get(h *holder) inner { return h.in }\n",
			reads: []string{"holder.in inner.a inner.b"}},
		{name: "read of a field of a type parameter's type",
			body: "func get[T any](b *box[T]) T { return b.v }\n",
			not:  []string{"box.v"}},
		{name: "read of a field of an instance",
			body:  "func get(b *box[inner]) inner { return b.v }\n",
			reads: []string{"box.v inner.a inner.b"}, writes: []string{"inner.a", "inner.b"}},
		{name: "promoted pointer method of an embedded atomic",
			body:   "type stat struct{ atomic.Int64 }\nfunc f(s *stat) { s.Add(1) }\n",
			writes: []string{"stat.Int64"}},
		{name: "promoted through two embeddings",
			body:   "type stat struct{ atomic.Int64 }\ntype stats struct {\n\tstat\n\tname string\n}\nfunc f(m *stats) { m.Add(1) }\n",
			writes: []string{"stats.stat", "stat.Int64"}, not: []string{"stats.name"}},
		{name: "promoted through an embedded pointer",
			body:   "type stat struct{ atomic.Int64 }\ntype pstats struct{ *stat }\nfunc f(m pstats) { m.Add(1) }\n",
			writes: []string{"stat.Int64"}, not: []string{"pstats.stat"}},
		{name: "defined pointer type",
			body:   "type ref *node\nfunc set(r ref) { r.v = 1 }\n",
			writes: []string{"node.v"}},
		{name: "defined pointer type, address",
			body:   "type stat struct{ hits int64 }\ntype sref *stat\nfunc hit(r sref) { atomic.AddInt64(&r.hits, 1) }\n",
			writes: []string{"stat.hits"}},
		{name: "pointer conversion between type parameters",
			body:   "func conv[P ~*node](p P) *alias { return (*alias)(p) }\n",
			writes: append([]string{"alias.l", "alias.r", "alias.v"}, nodeAll...)},
		{name: "typed pointer from unsafe.Pointer",
			body:   "func view(p unsafe.Pointer) *node { return (*node)(p) }\n",
			writes: []string{anyField}},
		{name: "reflect hands out a field's address",
			body:   "func addr(v reflect.Value) any { return v.Field(0).Addr().Interface() }\n",
			writes: []string{anyField}},
		{name: "reflect setter through a pointer to a Value",
			body:   "func set(pv *reflect.Value) { pv.SetInt(1) }\n",
			writes: []string{anyField}},
		{name: "field of an unnamed struct",
			body: "var cfg struct{ n int }\nfunc get(p *struct{ n int }) int { return p.n }\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, out := rewriteSource(t, fieldsHead+tt.body, Config{})
			reads, writes := fieldLists(t, out)
			if !slices.Equal(reads, tt.reads) {
				t.Errorf("flagged reads %q, want %q\n%s", reads, tt.reads, out)
			}
			for _, k := range tt.writes {
				if !slices.Contains(writes, k) {
					t.Errorf("write key %s not registered (registered: %q)", k, writes)
				}
			}
			for _, k := range tt.not {
				if slices.Contains(writes, k) {
					t.Errorf("write key %s registered, but nothing writes it (registered: %q)", k, writes)
				}
			}
			_, off := rewriteSource(t, fieldsHead+tt.body, Config{Disable: map[string]bool{OptFields: true}})
			if strings.Contains(off, "RegisterFields") || strings.Contains(off, "_tpinstrSites_.F") {
				t.Errorf("with %s off, the file still has field flags:\n%s", OptFields, off)
			}
		})
	}
}

// fieldsCases are cases of the fields optimization in the form of the
// other optimizations' tests: the flag guards the hook and takes none away.
var fieldsCases = []hookCase{
	{"field read", "func f(c *cell) int {\n\treturn c.v\n}", []string{"Read(&c.v)"}, 0, 0, 0},
	{"field written", "func f(c *cell) {\n\tc.v = 2\n}", []string{"Write(&c.v)"}, 0, 0, 0},
}

// TestFieldsSwitch checks that switching the optimization off changes
// the rewrite and loses no hook.
func TestFieldsSwitch(t *testing.T) {
	checkSwitch(t, OptFields, fieldsCases)
}
