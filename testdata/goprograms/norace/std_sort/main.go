// Command std_sort: a loader fills a slice of ids and sorts it with sort.Ints before it starts the lookup goroutine, which searches it with slices.Contains: the go statement orders the sort's writes, made inside package sort, before the search's reads, made inside package slices: no race.
package main

import (
	"fmt"
	"slices"
	"sort"
)

func main() {
	ids := []int{42, 7, 19, 3, 88, 23}
	found := make(chan bool)
	sort.Ints(ids)
	go func() {
		found <- slices.Contains(ids, 19)
	}()
	fmt.Println(<-found, len(ids))
}
