// Command errgroup: goroutines of a golang.org/x/sync/errgroup Group store their results in disjoint slots, and the parent reads them after Wait, which every goroutine's return happens before.
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
	lengths := make([]int, len(records))

	var g errgroup.Group
	for i, rec := range records {
		g.Go(func() error {
			n, err := parse(rec)
			if err != nil {
				return err
			}
			lengths[i] = n
			return nil
		})
	}
	if err := g.Wait(); err != nil {
		fmt.Println("error:", err)
		return
	}
	slices.Sort(lengths)
	fmt.Println("records", len(records), "parsed:", lengths)
}
