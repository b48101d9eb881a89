// Command nbody_forces: one step of an n-body simulation; the first ForAll reads every position and writes only force i, the second moves body i; race-free.
package main

import (
	"fmt"
	"math"

	"github.com/tpinstr/tpinstr/rt/task"
)

type vec struct{ x, y float64 }

type body struct {
	pos, vel vec
	mass     float64
}

// force returns the pull of b on a.
func force(a, b body) vec {
	dx, dy := b.pos.x-a.pos.x, b.pos.y-a.pos.y
	d2 := dx*dx + dy*dy + 0.01
	f := a.mass * b.mass / (d2 * math.Sqrt(d2))
	return vec{f * dx, f * dy}
}

func main() {
	bodies := make([]body, 8)
	for i := range bodies {
		bodies[i] = body{pos: vec{float64(i), float64(i * i % 5)}, mass: 1 + float64(i%3)}
	}
	forces := make([]vec, len(bodies))
	const dt = 0.01
	task.Run(func(t *task.T) {
		for step := 0; step < 10; step++ {
			t.ForAll(0, len(bodies), func(t *task.T, i int) {
				var f vec
				for j := range bodies {
					if j != i {
						g := force(bodies[i], bodies[j])
						f.x += g.x
						f.y += g.y
					}
				}
				forces[i] = f
			})
			t.ForAll(0, len(bodies), func(t *task.T, i int) {
				b := &bodies[i]
				b.vel.x += forces[i].x / b.mass * dt
				b.vel.y += forces[i].y / b.mass * dt
				b.pos.x += b.vel.x * dt
				b.pos.y += b.vel.y * dt
			})
		}
	})
	for i, b := range bodies {
		fmt.Printf("%d %.3f %.3f\n", i, b.pos.x, b.pos.y)
	}
}
