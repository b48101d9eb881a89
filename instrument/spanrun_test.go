package instrument

import "testing"

// spanrunCases are the cases of the spanrun optimization (spanrun.go): the
// hooks it leaves, and the cases it must leave alone.
var spanrunCases = []hookCase{
	{"reads in one statement", "func f(src []byte, i int) [4]uint16 {\n\tbe := binary.BigEndian\n\t_ = be\n\treturn [4]uint16{binary.BigEndian.Uint16(src[i:]), binary.BigEndian.Uint16(src[i+2:]), binary.BigEndian.Uint16(src[i+4:]), binary.BigEndian.Uint16(src[i+6:])}\n}",
		[]string{"guarded ReadSlice(src[(i) : (i)+8])", "fallback ReadSlice(_tpinstrSpan_X(src[i:], 2))", "fallback ReadSlice(_tpinstrSpan_X(src[(i + 2):], 2))", "fallback ReadSlice(_tpinstrSpan_X(src[(i + 4):], 2))", "fallback ReadSlice(_tpinstrSpan_X(src[(i + 6):], 2))"}, 4, 1, 0},
	{"writes in consecutive statements at constant offsets", "func f(b []byte, x, y uint32) {\n\tbinary.LittleEndian.PutUint32(b[4:], y)\n\tbinary.LittleEndian.PutUint32(b, x)\n}",
		[]string{"guarded WriteSlice(b[0 : 0+8])", "fallback WriteSlice(_tpinstrSpan_X(b[4:], 4))", "fallback WriteSlice(_tpinstrSpan_X(b, 4))"}, 2, 1, 0},
	{"an array's header", "func f(hdr *[16]byte) (uint64, uint64) {\n\th := *hdr\n\treturn binary.BigEndian.Uint64(h[0:]), binary.BigEndian.Uint64(h[8:])\n}",
		[]string{"Read(hdr)", "guarded ReadSlice(h[0 : 0+16])", "fallback ReadSlice(_tpinstrSpan_X(h[0:], 8))", "fallback ReadSlice(_tpinstrSpan_X(h[8:], 8))"}, 2, 1, 0},
	{"slices of exactly the accessor's size", "func f(b []byte) (uint32, uint32) { return binary.LittleEndian.Uint32(b[0:4]), binary.LittleEndian.Uint32(b[4:8]) }",
		[]string{"guarded ReadSlice(b[0 : 0+8])", "fallback ReadSlice(_tpinstrSpan_X(b[0:4], 4))", "fallback ReadSlice(_tpinstrSpan_X(b[4:8], 4))"}, 2, 1, 0},
	{"a slice longer than the accessor's size", "func f(b []byte) (uint32, uint32) { return binary.LittleEndian.Uint32(b[0:8]), binary.LittleEndian.Uint32(b[4:8]) }",
		[]string{"ReadSlice(_tpinstrSpan_X(b[0:8], 4))", "ReadSlice(_tpinstrSpan_X(b[4:8], 4))"}, 0, 0, 0},
	{"a loop over slices of the accessor's size", "func f(b []byte, v []uint32) {\n\tfor i := range v {\n\t\tbinary.BigEndian.PutUint32(b[4*i:4*i+4], 7)\n\t}\n}",
		[]string{"guarded WriteSlice(b[0 : 0+4*(len(v))])", "fallback WriteSlice(_tpinstrSpan_X(b[(4 * i):((4 * i) + 4)], 4))"}, 1, 1, 0},
	{"a gap splits the run", "func f(b []byte) (uint16, uint16) { return binary.BigEndian.Uint16(b[0:]), binary.BigEndian.Uint16(b[3:]) }",
		[]string{"ReadSlice(_tpinstrSpan_X(b[0:], 2))", "ReadSlice(_tpinstrSpan_X(b[3:], 2))"}, 0, 0, 0},
	{"different offsets are different runs", "func f(b []byte, i, j int) (uint16, uint16) { return binary.BigEndian.Uint16(b[i:]), binary.BigEndian.Uint16(b[j+2:]) }",
		[]string{"ReadSlice(_tpinstrSpan_X(b[i:], 2))", "ReadSlice(_tpinstrSpan_X(b[(j + 2):], 2))"}, 0, 0, 0},
	{"a call between ends the window", "func f(b []byte) uint32 { x := binary.BigEndian.Uint16(b[0:]); h(); return uint32(x) + uint32(binary.BigEndian.Uint16(b[2:])) }",
		[]string{"ReadSlice(_tpinstrSpan_X(b[0:], 2))", "ReadSlice(_tpinstrSpan_X(b[2:], 2))"}, 0, 0, 0},
	{"a statement that may panic ends the run", "func f(b []byte, d int) int { x := binary.BigEndian.Uint16(b[0:]); y := int(x) / d; return y + int(binary.BigEndian.Uint16(b[2:])) }",
		[]string{"ReadSlice(_tpinstrSpan_X(b[0:], 2))", "ReadSlice(_tpinstrSpan_X(b[2:], 2))"}, 0, 0, 0},
	{"the offset changed in the run", "func f(b []byte, i int) (x, y uint16) { x = binary.BigEndian.Uint16(b[i:]); i++; y = binary.BigEndian.Uint16(b[i+2:]); return }",
		[]string{"ReadSlice(_tpinstrSpan_X(b[i:], 2))", "ReadSlice(_tpinstrSpan_X(b[(i + 2):], 2))"}, 0, 0, 0},
	{"through the ByteOrder interface", "func f(o binary.ByteOrder, b []byte) (uint16, uint16) { return o.Uint16(b[0:]), o.Uint16(b[2:]) }",
		[]string{"ReadSlice(_tpinstrSpan_X(b[0:], 2))", "ReadSlice(_tpinstrSpan_X(b[2:], 2))"}, 0, 0, 0},
	{"a conditional access does not make a run", "func f(b []byte) bool { return binary.BigEndian.Uint16(b[0:]) > 0 && binary.BigEndian.Uint16(b[2:]) > 0 }",
		[]string{"ReadSlice(_tpinstrSpan_X(b[0:], 2))", "ReadSlice(_tpinstrSpan_X(b[2:], 2))"}, 0, 0, 0},
	{"a loop over an array's indices", "func f(dst []byte, i int, out [4]uint16) {\n\tfor j, w := range out {\n\t\tbinary.BigEndian.PutUint16(dst[i+2*j:], w)\n\t}\n}",
		[]string{"guarded WriteSlice(dst[(i) : (i)+2*(4)])", "fallback WriteSlice(_tpinstrSpan_X(dst[(i + (2 * j)):], 2))"}, 1, 1, 0},
	{"a counted loop", "func f(b []byte, v uint32, n int) {\n\tfor k := 0; k < n; k++ {\n\t\tbinary.LittleEndian.PutUint32(b[k*4:], v)\n\t}\n}",
		[]string{"guarded WriteSlice(b[0 : 0+4*(n)])", "fallback WriteSlice(_tpinstrSpan_X(b[(k * 4):], 4))"}, 1, 1, 0},
	{"a counted loop that indexes another slice: one flag tests both", "func f(b []byte, s []uint32, n int) {\n\tfor k := 0; k < n; k++ {\n\t\tbinary.LittleEndian.PutUint32(b[k*4:], s[k])\n\t}\n}",
		[]string{"guarded ReadSlice(s[0:n])", "guarded WriteSlice(b[0 : 0+4*(n)])", "fallback WriteSlice(_tpinstrSpan_X(b[(k * 4):], 4))", "fallback Read(&s[k])"}, 2, 2, 0},
	{"a loop over a slice's indices, reading", "func f(b []byte, s []uint64) {\n\tfor k := range s {\n\t\ts[k] = binary.BigEndian.Uint64(b[8*k+8:])\n\t}\n}",
		[]string{"guarded WriteSlice(s)", "guarded ReadSlice(b[8 : 8+8*(len(s))])", "fallback Write(&s[k])", "fallback ReadSlice(_tpinstrSpan_X(b[((8 * k) + 8):], 8))"}, 2, 2, 0},
	{"a decode loop whose other index may be out of range", "func f(b []byte, out []uint32) {\n\tfor k := range len(b) / 4 {\n\t\tout[k] = binary.LittleEndian.Uint32(b[4*k:])\n\t}\n}",
		[]string{"guarded WriteSlice(out[0:(len(b) / 4)])", "guarded ReadSlice(b[0 : 0+4*((len(b) / 4))])", "fallback Write(&out[k])", "fallback ReadSlice(_tpinstrSpan_X(b[(4 * k):], 4))"}, 2, 2, 0},
	{"a decode loop with a division that may panic", "func f(b []byte, out []uint32, d uint32) {\n\tfor k := range out {\n\t\tout[k] = binary.LittleEndian.Uint32(b[4*k:]) / d\n\t}\n}",
		[]string{"Write(&out[k])", "ReadSlice(_tpinstrSpan_X(b[(4 * k):], 4))"}, 0, 0, 0},
	{"a stride other than the size leaves gaps", "func f(b []byte, n int) (x uint16) {\n\tfor k := range n {\n\t\tx += binary.BigEndian.Uint16(b[4*k:])\n\t}\n\treturn\n}",
		[]string{"ReadSlice(_tpinstrSpan_X(b[(4 * k):], 2))"}, 0, 0, 0},
	{"a loop that may stop early", "func f(b []byte, n int) (x uint16) {\n\tfor k := range n {\n\t\tif x > 9 {\n\t\t\tbreak\n\t\t}\n\t\tx += binary.BigEndian.Uint16(b[2*k:])\n\t}\n\treturn\n}",
		[]string{"ReadSlice(_tpinstrSpan_X(b[(2 * k):], 2))"}, 0, 0, 0},
	{"a loop that changes the slice", "func f(b []byte, n int) (x uint16) {\n\tfor k := range n {\n\t\tx += binary.BigEndian.Uint16(b[2*k:])\n\t\tb = b[1:]\n\t}\n\treturn\n}",
		[]string{"ReadSlice(_tpinstrSpan_X(b[(2 * k):], 2))"}, 0, 0, 0},
	{"a struct embedding ByteOrder calls whatever it holds", "type wrap struct{ binary.ByteOrder }\nfunc f(o wrap, b []byte) uint16 { g = 1; x := o.Uint16(b[0:]) + o.Uint16(b[2:]); g = 2; return x }",
		[]string{"Write(&g)", "ReadSlice(_tpinstrSpan_X(b[0:], 2))", "ReadSlice(_tpinstrSpan_X(b[2:], 2))", "Write(&g)"}, 0, 0, 0},
	{"offsets of a type defined on int", "type off int\nfunc f(b []byte, o off) (uint16, uint16) { return binary.BigEndian.Uint16(b[o:]), binary.BigEndian.Uint16(b[o+2:]) }",
		[]string{"ReadSlice(_tpinstrSpan_X(b[o:], 2))", "ReadSlice(_tpinstrSpan_X(b[(o + 2):], 2))"}, 0, 0, 0},
	{"a range over a received array", "func f(ch chan [4]uint16, b []byte) {\n\tfor j, v := range <-ch {\n\t\tbinary.BigEndian.PutUint16(b[2*j:], v)\n\t}\n}",
		[]string{"WriteSlice(_tpinstrSpan_X(b[(2 * j):], 2))"}, 0, 0, 0},
	{"a bound that mentions the index", "func f(d []byte) {\n\tfor j := 0; j < 8-j; j++ {\n\t\tbinary.BigEndian.PutUint16(d[2*j:], 7)\n\t}\n}",
		[]string{"WriteSlice(_tpinstrSpan_X(d[(2 * j):], 2))"}, 0, 0, 0},
	{"a count that is a channel's length", "func f(d []byte, ch chan int) {\n\tfor j := range len(ch) {\n\t\tbinary.BigEndian.PutUint16(d[2*j:], 7)\n\t}\n}",
		[]string{"WriteSlice(_tpinstrSpan_X(d[(2 * j):], 2))"}, 0, 0, 0},
	{"a loop past a constant array's end", "func f(out []uint32) (x uint32) {\n\tvar b [8]byte\n\tfor k := range 4 {\n\t\tx += binary.LittleEndian.Uint32(b[4*k:])\n\t}\n\treturn\n}",
		[]string{"ReadSlice(_tpinstrSpan_X(b[(4 * k):], 4))"}, 0, 0, 0},
	{"a decode loop past a constant array's end", "func f(out []uint32) {\n\tvar b [8]byte\n\tfor k := range 4 {\n\t\tout[k] = binary.LittleEndian.Uint32(b[4*k:])\n\t}\n}",
		[]string{"Write(&out[k])", "ReadSlice(_tpinstrSpan_X(b[(4 * k):], 4))"}, 0, 0, 0},
	{"a count whose hook would not fit a 32-bit int", "func f(o []uint32, d []byte) {\n\tfor k := range 1 << 30 {\n\t\to[k] = binary.LittleEndian.Uint32(d[4*k:])\n\t}\n}",
		[]string{"Write(&o[k])", "ReadSlice(_tpinstrSpan_X(d[(4 * k):], 4))"}, 0, 0, 0},
	{"a negative constant offset", "func f(out []uint32, b []byte) {\n\tfor k := range out {\n\t\tout[k] = binary.LittleEndian.Uint32(b[4*k-4:])\n\t}\n}",
		[]string{"Write(&out[k])", "ReadSlice(_tpinstrSpan_X(b[((4 * k) - 4):], 4))"}, 0, 0, 0},
	{"a negative constant offset in a window", "func f(b []byte) (uint16, uint16) { return binary.BigEndian.Uint16(b[-2+2:]), binary.BigEndian.Uint16(b[2:]) }",
		[]string{"guarded ReadSlice(b[0 : 0+4])", "fallback ReadSlice(_tpinstrSpan_X(b[-2+2:], 2))", "fallback ReadSlice(_tpinstrSpan_X(b[2:], 2))"}, 2, 1, 0},
	{"a negative constant count", "func f(d []byte) (x uint32) {\n\tfor k := range -1 {\n\t\tx += binary.LittleEndian.Uint32(d[4*k:])\n\t}\n\treturn\n}",
		[]string{"ReadSlice(_tpinstrSpan_X(d[(4 * k):], 4))"}, 0, 0, 0},
	{"isolated bodies keep their hooks", "func f(t *task.T, b []byte) { t.Isolated(func() { _, _ = binary.BigEndian.Uint16(b[0:]), binary.BigEndian.Uint16(b[2:]) }) }",
		[]string{"ReadSlice(_tpinstrSpan_X(b[0:], 2))", "Read(&b)", "ReadSlice(_tpinstrSpan_X(b[2:], 2))", "Read(&b)"}, 0, 0, 0},
}

// TestSpanRun checks the hooks that the spanrun optimization (spanrun.go)
// leaves in small functions, and that switching it off changes what it
// decides.
func TestSpanRun(t *testing.T) {
	runHookCases(t, spanrunCases)
	checkSwitch(t, OptSpanRun, spanrunCases)
}
