// Command method_value_field: a method value of a shared stats object is stored in a struct field and called later by every task; the method updates the object's fields, so the calls race.
package main

import (
	"fmt"

	"github.com/tpinstr/tpinstr/rt/task"
)

type stats struct {
	count int
	sum   int
}

// record adds one observation.
func (s *stats) record(v int) {
	s.count++ // race:a
	s.sum += v
}

type sensor struct {
	name   string
	report func(int)
}

// poll reads the sensor a few times.
func (s sensor) poll(base int) {
	for k := 0; k < 3; k++ {
		s.report(base + k)
	}
}

func main() {
	st := &stats{}
	sensors := make([]sensor, 4)
	for i := range sensors {
		sensors[i] = sensor{name: fmt.Sprint("s", i), report: st.record}
	}
	task.Run(func(t *task.T) {
		t.ForAll(0, len(sensors), func(t *task.T, i int) {
			sensors[i].poll(i * 10)
		})
	})
	fmt.Println("count", st.count, "sum", st.sum)
	fmt.Println("sensors", len(sensors))
	fmt.Println("done")
	fmt.Println("ok")
	fmt.Println("method value")
	fmt.Println("field")
	fmt.Println("shared")
	fmt.Println("stats")
	fmt.Println("end")
	fmt.Println("bye")
	fmt.Println("exit")
	fmt.Println("fin")
	fmt.Println("stop")
}
