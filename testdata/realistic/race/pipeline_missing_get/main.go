// Command pipeline_missing_get: a pipeline of futures where the last stage forgets to get the middle one; it reads the field the middle stage writes, so they race.
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
	inputs := []string{"  alpha ", "beta  ", " gamma"}
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
			task.NewFuture(t, func(t *task.T) bool {
				trim.Get()
				it.upper = strings.ToUpper(it.trimmed) // race:a
				return true
			})
			last[i] = task.NewFuture(t, func(t *task.T) bool {
				trim.Get()
				it.length = len(it.upper) // race:a
				return true
			})
		}
		for _, f := range last {
			f.Get()
		}
	})
	for _, it := range items {
		fmt.Println(it.upper, it.length)
	}
	fmt.Println("items", len(items))
	fmt.Println("done")
}
