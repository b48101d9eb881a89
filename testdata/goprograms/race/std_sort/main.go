// Command std_sort: a loader starts a lookup goroutine that searches a slice of ids with slices.Contains, then sorts the slice with sort.Ints, and waits for the lookup's answer only after that: the sort writes the elements inside package sort and the search reads them inside package slices, which are not rewritten, with nothing ordering the two.
package main

import (
	"fmt"
	"slices"
	"sort"
)

func main() {
	ids := []int{42, 7, 19, 3, 88, 23}
	found := make(chan bool)
	go func() {
		found <- slices.Contains(ids, 19) // race:ids
	}()
	sort.Ints(ids) // race:ids
	fmt.Println(<-found, len(ids))
}
