package idea

import (
	"bytes"
	"math/rand/v2"
	"testing"
)

// TestVector checks the cipher against the test vector published with IDEA
// (Lai's thesis, and the reference implementations derived from it).
func TestVector(t *testing.T) {
	tests := []struct {
		key         Key
		plain, want [4]uint16
	}{
		{Key{1, 2, 3, 4, 5, 6, 7, 8}, [4]uint16{0, 1, 2, 3}, [4]uint16{0x11fb, 0xed2b, 0x0198, 0x6de5}},
	}
	for _, tc := range tests {
		e := EncryptionSchedule(tc.key)
		if got := Block(&e, tc.plain); got != tc.want {
			t.Errorf("encrypt %04x with key %04x = %04x, want %04x", tc.plain, tc.key, got, tc.want)
		}
		d := DecryptionSchedule(e)
		if got := Block(&d, tc.want); got != tc.plain {
			t.Errorf("decrypt %04x with key %04x = %04x, want %04x", tc.want, tc.key, got, tc.plain)
		}
	}
}

func TestMulInverse(t *testing.T) {
	tests := []uint16{0, 1, 2, 3, 255, 256, 0x7fff, 0x8000, 0xfffe, 0xffff}
	for _, a := range tests {
		if got := mul(a, inv(a)); got != 1 {
			t.Errorf("mul(%#x, inv(%#x)) = %#x, want 1", a, a, got)
		}
	}
}

func TestRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	tests := []int{0, BlockSize, 10 * BlockSize, 1000 * BlockSize}
	for _, n := range tests {
		var k Key
		for i := range k {
			k[i] = uint16(rng.Uint32())
		}
		plain := make([]byte, n)
		for i := range plain {
			plain[i] = byte(rng.Uint32())
		}
		e := EncryptionSchedule(k)
		d := DecryptionSchedule(e)
		cipher, back := make([]byte, n), make([]byte, n)
		Crypt(&e, cipher, plain)
		Crypt(&d, back, cipher)
		if !bytes.Equal(back, plain) {
			t.Errorf("%d bytes: decrypt(encrypt(x)) != x", n)
		}
		if n > 0 && bytes.Equal(cipher, plain) {
			t.Errorf("%d bytes: encryption left the text unchanged", n)
		}
	}
}
