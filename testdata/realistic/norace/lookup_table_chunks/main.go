// Command lookup_table_chunks: a gamma-correction lookup table is built once, then tasks map fixed-size chunks of a pixel buffer through it, each task writing its own sub-slice of the output (the last chunk is shorter); the table is only read in tasks; race-free.
package main

import (
	"fmt"
	"math"

	"github.com/tpinstr/tpinstr/rt/task"
)

const chunk = 64

// table maps an 8-bit level to its corrected level.
type table [256]uint8

// buildTable computes the gamma curve.
func buildTable(gamma float64) *table {
	var tb table
	for i := range tb {
		v := math.Pow(float64(i)/255, gamma) * 255
		tb[i] = uint8(math.Round(v))
	}
	return &tb
}

// apply maps src through tb into dst (same length).
func apply(tb *table, src, dst []uint8) {
	for i, p := range src {
		dst[i] = tb[p]
	}
}

// correct maps the whole buffer, one task per chunk.
func correct(t *task.T, tb *table, src []uint8) []uint8 {
	dst := make([]uint8, len(src))
	n := (len(src) + chunk - 1) / chunk
	t.ForAll(0, n, func(t *task.T, k int) {
		lo := k * chunk
		hi := lo + chunk
		if hi > len(src) {
			hi = len(src)
		}
		apply(tb, src[lo:hi], dst[lo:hi])
	})
	return dst
}

// histogram counts the levels of a buffer, sequentially.
func histogram(buf []uint8) [8]int {
	var h [8]int
	for _, p := range buf {
		h[p/32]++
	}
	return h
}

// noise makes a reproducible test buffer.
func noise(n int) []uint8 {
	buf := make([]uint8, n)
	x := uint32(12345)
	for i := range buf {
		x = x*1103515245 + 12345
		buf[i] = uint8(x >> 16)
	}
	return buf
}

func mean(buf []uint8) float64 {
	s := 0
	for _, p := range buf {
		s += int(p)
	}
	return float64(s) / float64(len(buf))
}

func main() {
	src := noise(1000)
	tb := buildTable(2.2)
	var dark, light []uint8
	task.Run(func(t *task.T) {
		dark = correct(t, tb, src)
		light = correct(t, buildTable(0.45), src)
	})
	fmt.Printf("mean %.1f dark %.1f light %.1f\n", mean(src), mean(dark), mean(light))
	fmt.Println("src  ", histogram(src))
	fmt.Println("dark ", histogram(dark))
	fmt.Println("light", histogram(light))
	fmt.Println("table ends", tb[0], tb[128], tb[255])
}
