// Command barcode_batches: a generic batch runner cuts its input into Batch[T] values and runs a function on each under errgroup.WithContext with SetLimit(2), every batch writing its results into its own sub-slice out[lo:hi]; the EAN-13 checker it runs fills a weight table of its own before checking its batch, so no memory is written by two batches: no race.
package main

import (
	"context"
	"fmt"
	"strings"

	"golang.org/x/sync/errgroup"
)

// Batch is a run of consecutive items and the index of its first item.
type Batch[T any] struct {
	Start int
	Items []T
}

// Split cuts items into batches of at most size items.
func Split[T any](items []T, size int) []Batch[T] {
	var bs []Batch[T]
	for lo := 0; lo < len(items); lo += size {
		hi := min(lo+size, len(items))
		bs = append(bs, Batch[T]{Start: lo, Items: items[lo:hi]})
	}
	return bs
}

// Run calls fn on each batch of items, at most limit at a time; fn writes
// the result of items[i] to out[i], out being the batch's part of the
// result.
func Run[T, U any](ctx context.Context, items []T, size, limit int, fn func(ctx context.Context, b Batch[T], out []U) error) ([]U, error) {
	res := make([]U, len(items))
	g, ctx := errgroup.WithContext(ctx)
	g.SetLimit(limit)
	for _, b := range Split(items, size) {
		out := res[b.Start : b.Start+len(b.Items)]
		g.Go(func() error {
			if err := fn(ctx, b, out); err != nil {
				return fmt.Errorf("batch at %d: %w", b.Start, err)
			}
			return nil
		})
	}
	if err := g.Wait(); err != nil {
		return nil, err
	}
	return res, nil
}

// verdict is the outcome of checking one barcode.
type verdict struct {
	code  string
	valid bool
}

func main() {
	codes := strings.Fields(`
		4006381333931 5901234123457 4012345678901 9780306406157
		8712345678906 5012345678901 7622210449283 3017620422003
		9780201379624 4000417025006 0012345678905 8410076472885`)

	check := func(ctx context.Context, b Batch[string], out []verdict) error {
		weights := make([]int, 13)
		for i := range weights {
			weights[i] = 1 + 2*(i%2)
		}
		for i, c := range b.Items {
			if err := ctx.Err(); err != nil {
				return err
			}
			if len(c) != len(weights) {
				return fmt.Errorf("%q: want %d digits", c, len(weights))
			}
			sum := 0
			for j := 0; j < len(c); j++ {
				sum += int(c[j]-'0') * weights[j]
			}
			out[i] = verdict{code: c, valid: sum%10 == 0}
		}
		return nil
	}

	res, err := Run(context.Background(), codes, 3, 2, check)
	if err != nil {
		fmt.Println("error:", err)
		return
	}
	bad := 0
	for _, v := range res {
		mark := "ok"
		if !v.valid {
			mark = "BAD CHECK DIGIT"
			bad++
		}
		fmt.Println(v.code, mark)
	}
	fmt.Printf("%d of %d barcodes invalid\n", bad, len(res))
}
