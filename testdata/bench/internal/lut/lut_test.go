package lut

import "testing"

func TestRoundTripAndCheck(t *testing.T) {
	tests := []struct{ n, grain, skip int }{{1, 1, 0}, {10, 3, 2}, {100, 16, 5}}
	for _, tc := range tests {
		w := NewWorkload(tc.n, 7)
		for c := range w.Chunks(tc.grain) {
			lo, hi := w.Chunk(c, tc.grain)
			Crypt(&w.Key, &w.Box, w.Cipher[lo:hi], w.Plain[lo:hi], false)
		}
		for c := range w.Chunks(tc.grain) {
			lo, hi := w.Chunk(c, tc.grain)
			Crypt(&w.Key, &w.Box, w.Back[lo:hi], w.Cipher[lo:hi], true)
		}
		if err := w.Check(); err != nil {
			t.Errorf("n=%d: %v", tc.n, err)
		}
		if got := NewWorkload(tc.n, 7).Plain; len(got) != tc.n || got[0] != w.Plain[0] {
			t.Errorf("n=%d: the workload is not a function of its seed", tc.n)
		}
		lo, hi := w.Chunk(tc.skip, tc.grain)
		clear(w.Back[lo:hi])
		if err := w.Check(); err == nil {
			t.Errorf("n=%d: Check accepted a text with chunk %d not decrypted", tc.n, tc.skip)
		}
	}
}

func TestDecryptInvertsEncrypt(t *testing.T) {
	w := NewWorkload(0, 1)
	for _, b := range []uint64{0, 1, 1 << 63, 0xdeadbeefcafef00d, ^uint64(0)} {
		c := Encrypt(&w.Key, &w.Box, b)
		if c == b {
			t.Errorf("Encrypt(%#x) = itself", b)
		}
		if got := Decrypt(&w.Key, &w.Box, c); got != b {
			t.Errorf("Decrypt(Encrypt(%#x)) = %#x", b, got)
		}
	}
	if err := w.Check(); err == nil {
		t.Error("Check accepted an empty text")
	}
}
