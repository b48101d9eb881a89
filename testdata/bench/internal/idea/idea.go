// Package idea is the IDEA block cipher (Lai and Massey's International Data
// Encryption Algorithm) that the Crypt kernel of the Java Grande Forum suite
// runs, and that Surendran and Sarkar's futures paper benchmarks as Crypt-af
// and Crypt-future (section 5, table 2).
//
// A block is 64 bits, four 16-bit words; a key is 128 bits. Eight rounds mix
// three operations on 16-bit words that do not distribute over one another:
// xor, addition modulo 2^16 and multiplication modulo 2^16+1 (where the word
// 0 stands for 2^16). Decryption is the same function with the inverted key
// schedule, which is why the kernel can check itself by decrypting.
package idea

import "encoding/binary"

// BlockSize is the size of an IDEA block in bytes.
const BlockSize = 8

// rounds is the number of full rounds; six subkeys each, plus four for the
// output transformation.
const (
	rounds  = 8
	subkeys = 6*rounds + 4
)

// Key is a 128-bit IDEA key as eight 16-bit words, most significant first.
type Key [8]uint16

// Schedule is an expanded key: the 52 subkeys of encryption or decryption.
type Schedule [subkeys]uint16

// mul multiplies modulo 65537, the word 0 standing for 65536 (which is -1
// modulo 65537), so that every word has an inverse.
func mul(a, b uint16) uint16 {
	x, y := uint64(a), uint64(b)
	if x == 0 {
		x = 1 << 16
	}
	if y == 0 {
		y = 1 << 16
	}
	return uint16(x * y % 65537) // 65536 truncates to 0, as it must
}

// inv is the inverse of a for mul: a^(65537-2) by Fermat's little theorem.
func inv(a uint16) uint16 {
	r, base := uint16(1), a
	for e := 65535; e > 0; e >>= 1 {
		if e&1 == 1 {
			r = mul(r, base)
		}
		base = mul(base, base)
	}
	return r
}

// EncryptionSchedule expands k: the subkeys are consecutive 16-bit words
// of the key, taken eight at a time, rotating the 128-bit key left by 25
// bits before each further eight.
func EncryptionSchedule(k Key) Schedule {
	var hi, lo uint64
	for i := range 4 {
		hi = hi<<16 | uint64(k[i])
		lo = lo<<16 | uint64(k[4+i])
	}
	var s Schedule
	for i := 0; i < subkeys; i += 8 {
		for j := 0; j < 8 && i+j < subkeys; j++ {
			word := hi
			if j >= 4 {
				word = lo
			}
			s[i+j] = uint16(word >> (48 - 16*(j%4)))
		}
		hi, lo = hi<<25|lo>>39, lo<<25|hi>>39
	}
	return s
}

// DecryptionSchedule inverts an encryption schedule: round r of decryption
// uses the inverses of the keys of encryption's output transformation and
// rounds in reverse order. In every round but the first and last one the
// two additive keys trade places, because encryption swaps the middle words
// between rounds.
func DecryptionSchedule(e Schedule) Schedule {
	var d Schedule
	for r := 0; r <= rounds; r++ {
		src := 6 * (rounds - r) // the encryption keys that round r undoes
		dst := 6 * r
		a, b := -e[src+1], -e[src+2]
		if r != 0 && r != rounds {
			a, b = b, a
		}
		d[dst], d[dst+1], d[dst+2], d[dst+3] = inv(e[src]), a, b, inv(e[src+3])
		if r < rounds {
			d[dst+4], d[dst+5] = e[src-2], e[src-1]
		}
	}
	return d
}

// Block runs the cipher with schedule s on the block of four words x.
func Block(s *Schedule, x [4]uint16) [4]uint16 {
	x1, x2, x3, x4 := x[0], x[1], x[2], x[3]
	for r := range rounds {
		k := s[6*r : 6*r+6]
		x1 = mul(x1, k[0])
		x2 += k[1]
		x3 += k[2]
		x4 = mul(x4, k[3])
		t1 := mul(x1^x3, k[4])
		t2 := mul(t1+(x2^x4), k[5])
		t1 += t2
		x1 ^= t2
		x4 ^= t1
		x2, x3 = x3^t2, x2^t1
	}
	k := s[6*rounds:]
	// The output transformation undoes the swap of the last round.
	return [4]uint16{mul(x1, k[0]), x3 + k[1], x2 + k[2], mul(x4, k[3])}
}

// Crypt runs the cipher with schedule s on every block of src and writes
// the result to dst, which must be as long as src. Both lengths must be
// multiples of BlockSize; the words of a block are big-endian.
func Crypt(s *Schedule, dst, src []byte) {
	for i := 0; i+BlockSize <= len(src); i += BlockSize {
		in := [4]uint16{
			binary.BigEndian.Uint16(src[i:]),
			binary.BigEndian.Uint16(src[i+2:]),
			binary.BigEndian.Uint16(src[i+4:]),
			binary.BigEndian.Uint16(src[i+6:]),
		}
		out := Block(s, in)
		for j, w := range out {
			binary.BigEndian.PutUint16(dst[i+2*j:], w)
		}
	}
}
