// Command errgroup_index: errgroup.WithContext builds a search index of documents, two at a time, each goroutine storing its document's postings in its own slot of a slice; a goroutine that fails marks its own slot of a slice of flags, which g.Wait orders before the caller reads them: no race, even when two names are missing.
package main

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"

	"golang.org/x/sync/errgroup"
)

// corpus is a fake document store.
var corpus = map[string]string{
	"go.md":     "goroutines channels select goroutines",
	"sync.md":   "mutex once cond waitgroup mutex",
	"ctx.md":    "context deadline cancel context",
	"chan.md":   "channels buffered unbuffered select",
	"atomic.md": "atomic load store swap",
}

// errMissing reports a document the store does not hold.
var errMissing = errors.New("missing document")

// load returns a document's text, or an error if the context is done or
// the document is missing.
func load(ctx context.Context, name string) (string, error) {
	if err := ctx.Err(); err != nil {
		return "", fmt.Errorf("load %s: %w", name, err)
	}
	text, ok := corpus[name]
	if !ok {
		return "", fmt.Errorf("load %s: %w", name, errMissing)
	}
	return text, nil
}

// postings maps each word of a text to the number of its occurrences.
func postings(text string) map[string]int {
	p := map[string]int{}
	for _, w := range strings.Fields(text) {
		p[w]++
	}
	return p
}

// buildIndex loads the documents and returns their postings in order, and
// whether some document failed to load.
func buildIndex(ctx context.Context, names []string) ([]map[string]int, bool, error) {
	g, ctx := errgroup.WithContext(ctx)
	g.SetLimit(2)
	slots := make([]map[string]int, len(names))
	failed := make([]bool, len(names))
	for i, name := range names {
		g.Go(func() error {
			text, err := load(ctx, name)
			if err != nil {
				failed[i] = true
				return err
			}
			slots[i] = postings(text)
			return nil
		})
	}
	err := g.Wait()
	return slots, slices.Contains(failed, true), err
}

func main() {
	names := []string{"go.md", "sync.md", "ctx.md", "chan.md", "atomic.md"}
	idx, failed, err := buildIndex(context.Background(), names)
	if err != nil || failed {
		fmt.Println("unexpected failure:", err)
		return
	}
	merged := map[string]int{}
	for _, p := range idx {
		for w, n := range p {
			merged[w] += n
		}
	}
	words := make([]string, 0, len(merged))
	for w := range merged {
		words = append(words, w)
	}
	sort.Strings(words)
	for _, w := range words {
		if merged[w] > 1 {
			fmt.Printf("%-12s %d\n", w, merged[w])
		}
	}

	_, failed, err = buildIndex(context.Background(), []string{"nope.md", "gone.md"})
	fmt.Println("missing:", failed, errors.Is(err, errMissing))
}
