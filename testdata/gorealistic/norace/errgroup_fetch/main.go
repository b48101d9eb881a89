// Command errgroup_fetch: errgroup.WithContext "fetches" documents from an in-memory store with a limit of two at a time and stores each document's word count in its own slot of a slice; the longest document is found after g.Wait from the slots, which Wait orders after every goroutine's write: no race.
package main

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"golang.org/x/sync/errgroup"
)

// store is a fake remote store of documents.
var store = map[string]string{
	"a.txt": "the quick brown fox jumps over the lazy dog",
	"b.txt": "pack my box with five dozen liquor jugs",
	"c.txt": "how vexingly quick daft zebras jump",
	"d.txt": "sphinx of black quartz judge my vow",
	"e.txt": "the five boxing wizards jump quickly",
}

// errNotFound is returned for a name the store does not hold.
var errNotFound = errors.New("not found")

// fetch returns the body of a document, or an error when the context is
// cancelled or the name is unknown.
func fetch(ctx context.Context, name string) (string, error) {
	if err := ctx.Err(); err != nil {
		return "", fmt.Errorf("fetch %s: %w", name, err)
	}
	body, ok := store[name]
	if !ok {
		return "", fmt.Errorf("fetch %s: %w", name, errNotFound)
	}
	return body, nil
}

// stats is what the fetch of one document produced.
type stats struct {
	name  string
	words int
	bytes int
}

// analyse fetches every document and returns one stats per name, in order,
// and the length in bytes of the longest document.
func analyse(ctx context.Context, names []string) ([]stats, int, error) {
	g, ctx := errgroup.WithContext(ctx)
	g.SetLimit(2)
	out := make([]stats, len(names))
	longest := 0
	for i, name := range names {
		g.Go(func() error {
			body, err := fetch(ctx, name)
			if err != nil {
				return err
			}
			out[i] = stats{name: name, words: len(strings.Fields(body)), bytes: len(body)}
			return nil
		})
	}
	if err := g.Wait(); err != nil {
		return nil, 0, err
	}
	for _, s := range out {
		longest = max(longest, s.bytes)
	}
	return out, longest, nil
}

func main() {
	names := []string{"a.txt", "b.txt", "c.txt", "d.txt", "e.txt"}
	res, longest, err := analyse(context.Background(), names)
	if err != nil {
		fmt.Println("error:", err)
		return
	}
	total := 0
	for _, s := range res {
		fmt.Printf("%s: %d words, %d bytes\n", s.name, s.words, s.bytes)
		total += s.words
	}
	fmt.Println("total words:", total)
	if longest > 0 {
		fmt.Println("longest found")
	}

	_, _, err = analyse(context.Background(), []string{"a.txt", "missing.txt"})
	fmt.Println("with a missing name:", errors.Is(err, errNotFound))
}
