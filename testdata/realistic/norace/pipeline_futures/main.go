// Command pipeline_futures: a three-stage pipeline of futures per item; each stage gets the previous stage's future and writes its own field of the item, and the main task reads the fields after getting the last stage; race-free.
package main

import (
	"fmt"
	"strings"

	"github.com/tpinstr/tpinstr/rt/task"
)

type item struct {
	raw     string
	trimmed string
	upper   string
	length  int
}

func main() {
	inputs := []string{"  alpha ", "beta  ", " gamma", "delta", "  epsilon  "}
	items := make([]*item, len(inputs))
	for i, s := range inputs {
		items[i] = &item{raw: s}
	}
	task.Run(func(t *task.T) {
		last := make([]*task.Future[bool], len(items))
		for i, it := range items {
			trim := task.NewFuture(t, func(t *task.T) bool {
				it.trimmed = strings.TrimSpace(it.raw)
				return true
			})
			up := task.NewFuture(t, func(t *task.T) bool {
				trim.Get()
				it.upper = strings.ToUpper(it.trimmed)
				return true
			})
			last[i] = task.NewFuture(t, func(t *task.T) bool {
				up.Get()
				it.length = len(it.upper)
				return true
			})
		}
		for i, f := range last {
			f.Get()
			fmt.Println(i, items[i].upper, items[i].length)
		}
	})
	total := 0
	for _, it := range items {
		total += it.length
	}
	fmt.Println("total length", total)
	fmt.Println("items", len(items))
	fmt.Println("done")
}
