// Command fscan_reader: workers parse one line each with fmt.Fscan from a bufio.Reader of their own into their own element of a results slice: Fscan writes its reader and the items it parsed, all of them the worker's own, so nothing races.
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
	res := make([]reading, len(lines))
	var wg sync.WaitGroup
	for i, l := range lines {
		wg.Go(func() {
			br := bufio.NewReader(strings.NewReader(l))
			fmt.Fscan(br, &res[i].id, &res[i].value)
		})
	}
	wg.Wait()
	sum := 0.0
	for _, r := range res {
		sum += r.value
	}
	fmt.Println(len(res), sum)
}
