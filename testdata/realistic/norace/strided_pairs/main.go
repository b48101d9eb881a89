// Command strided_pairs: complex numbers stored interleaved (re at 2*i, im at 2*i+1); iteration i of the ForAll rotates element i, touching only a[2*i] and a[2*i+1]; race-free.
package main

import (
	"fmt"
	"math"

	"github.com/tpinstr/tpinstr/rt/task"
)

const count = 16

func main() {
	a := make([]float64, 2*count)
	for i := 0; i < count; i++ {
		a[2*i] = float64(i)
		a[2*i+1] = 1
	}
	angle := math.Pi / 4
	cs, sn := math.Cos(angle), math.Sin(angle)
	mags := make([]float64, count)
	task.Run(func(t *task.T) {
		t.ForAll(0, count, func(t *task.T, i int) {
			re, im := a[2*i], a[2*i+1]
			a[2*i] = re*cs - im*sn
			a[2*i+1] = re*sn + im*cs
		})
		t.ForAsync(0, count, func(t *task.T, i int) {
			mags[i] = math.Hypot(a[2*i], a[2*i+1])
		})
	})
	total := 0.0
	for _, m := range mags {
		total += m
	}
	fmt.Printf("sum of magnitudes %.4f\n", total)
	fmt.Printf("first %.4f %.4f\n", a[0], a[1])
	fmt.Printf("last %.4f %.4f\n", a[2*count-2], a[2*count-1])
	fmt.Println("count", count)
	fmt.Println("done")
	fmt.Println("ok")
	fmt.Println("interleaved")
	fmt.Println("rotation")
	fmt.Println("pi/4")
	fmt.Println("end")
}
