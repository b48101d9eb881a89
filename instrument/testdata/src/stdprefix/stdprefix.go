// Command stdprefix checks, with the real task library, that the accesses
// the rewriter records for a call of an encoder of the standard library
// (stdeffects.go's stdPrefixes) are exactly those the encoder makes to its
// destination slice. Given a case's name, it first finds, on copies of the
// destination, the elements of its array that the call writes (the bytes
// it changes from either of two fillings) and those it reads (all of the
// destination's elements, when an Append function outgrows its capacity
// and copies them; and, for a case that decodes into sink, those whose
// change changes what it decodes), and prints them as "want k…"; then it makes the call
// in a task while the root task writes every element of the array, each
// at a line of its own: a race must be reported at exactly the lines of
// the wanted elements. "list" prints the names of the cases.
package main

import (
	"bytes"
	"encoding/base32"
	"encoding/base64"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"os"
	"strconv"
	"unicode/utf8"

	"github.com/tpinstr/tpinstr/rt/task"
)

// order is a byte order called through the interface.
var order binary.AppendByteOrder = binary.BigEndian

// src is the input of the encoders of byte slices.
var src = []byte{0xde, 0xad, 0xbe, 0xef, 0x01}

// cases are the calls: each gets a destination of length n and capacity
// c, and returns what the encoder returned, or the destination.
var cases = []struct {
	name string
	n, c int
	call func(d []byte) []byte
}{
	{"PutUvarint-1", 12, 12, func(d []byte) []byte { binary.PutUvarint(d[2:], 5); return d }},
	{"PutUvarint-6", 12, 12, func(d []byte) []byte { binary.PutUvarint(d[1:], 1<<40); return d }},
	{"PutUvarint-10", 12, 12, func(d []byte) []byte { binary.PutUvarint(d, 1<<63); return d }},
	{"PutVarint-negative", 12, 12, func(d []byte) []byte { binary.PutVarint(d[3:], -300); return d }},
	{"AppendUvarint-fits", 2, 12, func(d []byte) []byte { return binary.AppendUvarint(d, 300) }},
	{"AppendUvarint-part", 2, 3, func(d []byte) []byte { return binary.AppendUvarint(d, 1<<20) }},
	{"AppendUvarint-full", 3, 3, func(d []byte) []byte { return binary.AppendUvarint(d, 300) }},
	{"AppendVarint-fits", 1, 8, func(d []byte) []byte { return binary.AppendVarint(d, -1<<20) }},
	{"EncodeRune-ascii", 6, 6, func(d []byte) []byte { utf8.EncodeRune(d[1:], 'a'); return d }},
	{"EncodeRune-2", 6, 6, func(d []byte) []byte { utf8.EncodeRune(d[1:], 'é'); return d }},
	{"EncodeRune-3", 6, 6, func(d []byte) []byte { utf8.EncodeRune(d[2:], '€'); return d }},
	{"EncodeRune-4", 6, 6, func(d []byte) []byte { utf8.EncodeRune(d, '😀'); return d }},
	{"EncodeRune-invalid", 6, 6, func(d []byte) []byte { utf8.EncodeRune(d[1:], -1); return d }},
	{"EncodeRune-surrogate", 6, 6, func(d []byte) []byte { utf8.EncodeRune(d[1:], 0xd800); return d }},
	{"AppendRune-fits", 2, 8, func(d []byte) []byte { return utf8.AppendRune(d, '€') }},
	{"AppendRune-full", 2, 4, func(d []byte) []byte { return utf8.AppendRune(d, '€') }},
	{"BigEndian.AppendUint32-fits", 1, 8, func(d []byte) []byte { return binary.BigEndian.AppendUint32(d, 0x01020304) }},
	{"BigEndian.AppendUint32-full", 1, 4, func(d []byte) []byte { return binary.BigEndian.AppendUint32(d, 0x01020304) }},
	{"LittleEndian.AppendUint16", 3, 6, func(d []byte) []byte { return binary.LittleEndian.AppendUint16(d, 0x0102) }},
	{"NativeEndian.AppendUint32", 0, 6, func(d []byte) []byte { return binary.NativeEndian.AppendUint32(d, 0x01020304) }},
	{"AppendByteOrder.AppendUint64", 2, 12, func(d []byte) []byte { return order.AppendUint64(d, 0x0102030405060708) }},
	{"hex.AppendEncode-fits", 1, 12, func(d []byte) []byte { return hex.AppendEncode(d, src[:3]) }},
	{"hex.AppendEncode-full", 1, 6, func(d []byte) []byte { return hex.AppendEncode(d, src[:3]) }},
	{"hex.Encode", 12, 12, func(d []byte) []byte { hex.Encode(d[1:], src[:4]); return d }},
	{"base64.Std.Encode", 12, 12, func(d []byte) []byte { base64.StdEncoding.Encode(d[1:], src[:4]); return d }},
	{"base64.RawURL.Encode", 12, 12, func(d []byte) []byte { base64.RawURLEncoding.Encode(d[1:], src[:4]); return d }},
	{"base64.AppendEncode-fits", 2, 12, func(d []byte) []byte { return base64.StdEncoding.AppendEncode(d, src[:2]) }},
	{"base64.AppendEncode-full", 2, 5, func(d []byte) []byte { return base64.StdEncoding.AppendEncode(d, src[:2]) }},
	{"base32.Std.Encode", 12, 12, func(d []byte) []byte { base32.StdEncoding.Encode(d[2:], src[:3]); return d }},
	{"base32.NoPadding.Encode", 12, 12, func(d []byte) []byte {
		base32.HexEncoding.WithPadding(base32.NoPadding).Encode(d[2:], src[:3])
		return d
	}},
	{"strconv.AppendUint-fits", 1, 10, func(d []byte) []byte { return strconv.AppendUint(d, 12345, 10) }},
	{"strconv.AppendUint-small", 1, 10, func(d []byte) []byte { return strconv.AppendUint(d, 7, 10) }},
	{"strconv.AppendUint-hex", 2, 10, func(d []byte) []byte { return strconv.AppendUint(d, 0xbeef, 16) }},
	{"strconv.AppendUint-full", 1, 4, func(d []byte) []byte { return strconv.AppendUint(d, 12345, 10) }},
	{"strconv.AppendBool", 3, 9, func(d []byte) []byte { return strconv.AppendBool(d, false) }},

	// Runs of a byte order's accessors, which the rewriter records by one
	// range hook (spanrun.go): in one statement, in consecutive
	// statements, in loops, and cut short by a panic, when every
	// accessor's own hook runs instead.
	{"spanrun-literal", 12, 12, func(d []byte) []byte {
		i := 2
		v := [4]uint16{binary.BigEndian.Uint16(d[i:]), binary.BigEndian.Uint16(d[i+2:]), binary.BigEndian.Uint16(d[i+4:]), binary.BigEndian.Uint16(d[i+6:])}
		sink = append(sink, uint64(v[0]), uint64(v[1]), uint64(v[2]), uint64(v[3]))
		return d
	}},
	{"spanrun-statements", 12, 12, func(d []byte) []byte {
		binary.LittleEndian.PutUint32(d[4:], 0x01020304)
		binary.LittleEndian.PutUint32(d, 0x05060708)
		return d
	}},
	{"spanrun-loop-put", 12, 12, func(d []byte) []byte {
		out := [3]uint16{0x0102, 0x0304, 0x0506}
		i := 1
		for j, w := range out {
			binary.BigEndian.PutUint16(d[i+2*j:], w)
		}
		return d
	}},
	{"spanrun-loop-get", 16, 16, func(d []byte) []byte {
		for k := range 3 {
			sink = append(sink, uint64(binary.LittleEndian.Uint32(d[4*k+2:])))
		}
		return d
	}},
	{"spanrun-high", 12, 12, func(d []byte) []byte {
		sink = append(sink, uint64(binary.LittleEndian.Uint32(d[1:5])), uint64(binary.LittleEndian.Uint32(d[5:9])))
		return d
	}},
	{"spanrun-loop-high", 12, 12, func(d []byte) []byte {
		for k := range 2 {
			binary.BigEndian.PutUint32(d[4*k+2:4*k+6], 0x01020304)
		}
		return d
	}},
	{"spanrun-past-len", 6, 12, func(d []byte) []byte {
		binary.BigEndian.PutUint32(d[0:4], 0x01020304)
		binary.BigEndian.PutUint32(d[4:8], 0x05060708)
		return d
	}},
	{"spanrun-high-panics", 8, 8, func(d []byte) []byte {
		defer func() { recover() }()
		sink = append(sink, uint64(binary.LittleEndian.Uint32(d[0:4])))
		sink = append(sink, uint64(binary.LittleEndian.Uint32(d[4:12])))
		return d
	}},
	{"spanrun-decode-short", 10, 16, func(d []byte) []byte {
		// sliceloop's range hook of out and spanrun's of d share one
		// flag, which must test d too.
		defer func() { recover() }()
		out := make([]uint64, 4)
		for k := range out {
			x := binary.LittleEndian.Uint32(d[4*k:])
			sink = append(sink, uint64(x))
			out[k] = uint64(x)
		}
		return d
	}},
	{"spanrun-decode-out-short", 16, 16, func(d []byte) []byte {
		// out is too short: the third iteration reads, then panics.
		defer func() { recover() }()
		out := make([]uint64, 2)
		for k := 0; k < 4; k++ {
			x := binary.LittleEndian.Uint32(d[4*k:])
			sink = append(sink, uint64(x))
			out[k] = uint64(x)
		}
		return d
	}},
	{"spanrun-short-statements", 5, 8, func(d []byte) []byte {
		defer func() { recover() }()
		sink = append(sink, uint64(binary.BigEndian.Uint16(d[0:])))
		sink = append(sink, uint64(binary.BigEndian.Uint16(d[2:])))
		sink = append(sink, uint64(binary.BigEndian.Uint16(d[4:])))
		return d
	}},
	{"spanrun-short-loop", 7, 8, func(d []byte) []byte {
		defer func() { recover() }()
		for j := range 4 {
			binary.BigEndian.PutUint16(d[2*j:], 0x0102)
		}
		return d
	}},
}

// sink collects what the cases that decode read, so that want finds the
// elements they read: those whose change changes sink.
var sink []uint64

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: stdprefix list|case")
		os.Exit(2)
	}
	if os.Args[1] == "list" {
		for _, c := range cases {
			fmt.Println(c.name)
		}
		return
	}
	for _, c := range cases {
		if c.name != os.Args[1] {
			continue
		}
		fmt.Println("want", want(c.n, c.c, c.call))
		arr := make([]byte, c.c)
		task.Run(func(t *task.T) {
			t.Finish(func(t *task.T) {
				t.Async(func(*task.T) { c.call(arr[:c.n]) })
				for k := range arr {
					touch(arr, k)
				}
			})
		})
		return
	}
	fmt.Fprintln(os.Stderr, "stdprefix: no case", os.Args[1])
	os.Exit(2)
}

// want returns the elements, of an array of c bytes, that call accesses
// given its first n as the destination, separated by spaces.
func want(n, c int, call func([]byte) []byte) string {
	var acc [2][]bool
	for i, fill := range []byte{0xa5, 0x5a} {
		arr := bytes.Repeat([]byte{fill}, c)
		out := call(arr[:n])
		acc[i] = make([]bool, c)
		for k, b := range arr {
			acc[i][k] = b != fill
		}
		if cap(out) > 0 && &out[:cap(out)][0] != &arr[0] {
			for k := range n {
				acc[i][k] = true // copied into new memory
			}
		}
	}
	// An element is read when changing it changes what the call decodes.
	decoded := func(arr []byte) string {
		sink = sink[:0]
		call(arr[:n])
		return fmt.Sprint(sink)
	}
	read := make([]bool, c)
	base := decoded(bytes.Repeat([]byte{0xa5}, c))
	for k := range c {
		arr := bytes.Repeat([]byte{0xa5}, c)
		arr[k] ^= 0xff
		read[k] = decoded(arr) != base
	}
	var ks []string
	for k := range c {
		if acc[0][k] || acc[1][k] || read[k] {
			ks = append(ks, strconv.Itoa(k))
		}
	}
	return fmt.Sprint(ks)
}

// touch writes b[k], at a line of its own for each k, so that a race
// report names k.
func touch(b []byte, k int) {
	switch k {
	case 0:
		b[0] = 1 // k=0
	case 1:
		b[1] = 1 // k=1
	case 2:
		b[2] = 1 // k=2
	case 3:
		b[3] = 1 // k=3
	case 4:
		b[4] = 1 // k=4
	case 5:
		b[5] = 1 // k=5
	case 6:
		b[6] = 1 // k=6
	case 7:
		b[7] = 1 // k=7
	case 8:
		b[8] = 1 // k=8
	case 9:
		b[9] = 1 // k=9
	case 10:
		b[10] = 1 // k=10
	case 11:
		b[11] = 1 // k=11
	case 12:
		b[12] = 1 // k=12
	case 13:
		b[13] = 1 // k=13
	case 14:
		b[14] = 1 // k=14
	case 15:
		b[15] = 1 // k=15
	case 16:
		b[16] = 1 // k=16
	case 17:
		b[17] = 1 // k=17
	case 18:
		b[18] = 1 // k=18
	case 19:
		b[19] = 1 // k=19
	case 20:
		b[20] = 1 // k=20
	case 21:
		b[21] = 1 // k=21
	case 22:
		b[22] = 1 // k=22
	case 23:
		b[23] = 1 // k=23
	default:
		panic("stdprefix: no line for element " + strconv.Itoa(k))
	}
}
