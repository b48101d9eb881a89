// Command errgroup: goroutines of a golang.org/x/sync/errgroup Group append their results to one shared slice with no lock, so the appends race (on the slice header) even though Wait joins them all.
package main

import (
	"fmt"
	"slices"

	"golang.org/x/sync/errgroup"
)

// parse is the work of one goroutine: the length of a record.
func parse(rec string) (int, error) {
	if rec == "" {
		return 0, fmt.Errorf("empty record")
	}
	return len(rec), nil
}

func main() {
	records := []string{"alpha", "beta", "gamma", "delta"}
	var lengths []int

	var g errgroup.Group
	for _, rec := range records {
		g.Go(func() error {
			n, err := parse(rec)
			if err != nil {
				return err
			}
			lengths = append(lengths, n) // race:app
			return nil
		})
	}
	if err := g.Wait(); err != nil {
		fmt.Println("error:", err)
		return
	}
	slices.Sort(lengths)
	fmt.Println("records", len(records), "parsed")
}
