// Command spawn_method_value: a thumbnailer keeps t.Async in a variable (spawn := t.Async) and spawns one task per image row through it; every task writes only its own row of the output, read after the Finish; race-free.
package main

import (
	"fmt"
	"strings"

	"github.com/tpinstr/tpinstr/rt/task"
)

const (
	width  = 16
	height = 8
)

type image struct {
	pix [][]uint8
}

func newImage() *image {
	img := &image{pix: make([][]uint8, height)}
	for y := range img.pix {
		img.pix[y] = make([]uint8, width)
	}
	return img
}

// gradient fills a test pattern.
func gradient() *image {
	img := newImage()
	for y := 0; y < height; y++ {
		for x := 0; x < width; x++ {
			img.pix[y][x] = uint8((x*16 + y*8) % 256)
		}
	}
	return img
}

// blurRow averages each pixel of row y with its horizontal neighbours.
func blurRow(src, dst *image, y int) {
	row := src.pix[y]
	out := dst.pix[y]
	for x := range row {
		sum, n := int(row[x]), 1
		if x > 0 {
			sum += int(row[x-1])
			n++
		}
		if x+1 < len(row) {
			sum += int(row[x+1])
			n++
		}
		out[x] = uint8(sum / n)
	}
}

// blur spawns one task per row through a method value of the handle.
func blur(t *task.T, src *image) *image {
	dst := newImage()
	t.Finish(func(t *task.T) {
		spawn := t.Async
		for y := 0; y < height; y++ {
			spawn(func(t *task.T) {
				blurRow(src, dst, y)
			})
		}
	})
	return dst
}

// render draws an image with one character per brightness band.
func render(img *image) string {
	const shades = " .:-=+*#%@"
	var b strings.Builder
	for _, row := range img.pix {
		for _, p := range row {
			b.WriteByte(shades[int(p)*len(shades)/256])
		}
		b.WriteByte('\n')
	}
	return b.String()
}

func checksum(img *image) int {
	s := 0
	for _, row := range img.pix {
		for _, p := range row {
			s += int(p)
		}
	}
	return s
}

func main() {
	src := gradient()
	var dst *image
	task.Run(func(t *task.T) {
		dst = blur(t, src)
	})
	fmt.Print(render(dst))
	fmt.Println("checksum", checksum(src), checksum(dst))
}
