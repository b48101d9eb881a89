// Command fscan_reader: workers parse one line each with fmt.Fscan, but all from one shared bufio.Reader over the whole input: Fscan reads and advances the reader's buffer and offsets, so two workers' calls race on the reader (which line each one gets also depends on the schedule).
package main

import (
	"bufio"
	"fmt"
	"strings"
	"sync"
)

// reading is one parsed line: a sensor id and a value.
type reading struct {
	id    int
	value float64
}

func main() {
	lines := []string{"1 20.5", "2 21.25", "3 19.75", "4 22"}
	br := bufio.NewReader(strings.NewReader(strings.Join(lines, "\n")))
	res := make([]reading, len(lines))
	var wg sync.WaitGroup
	for i := range lines {
		wg.Go(func() {
			fmt.Fscan(br, &res[i].id, &res[i].value) // race:reader
		})
	}
	wg.Wait()
	fmt.Println(len(res))
}
