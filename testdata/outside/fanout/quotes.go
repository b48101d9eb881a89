// Package quotes fetches price quotes for many symbols at once, with a
// bound on the number of requests in flight.
package quotes

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strings"

	"golang.org/x/sync/errgroup"
)

// Quote is the price of one symbol, in cents.
type Quote struct {
	Symbol string
	Cents  int64
	Source string
}

// Source looks up one quote. Implementations may be slow and must honour
// ctx.
type Source interface {
	Quote(ctx context.Context, symbol string) (Quote, error)
}

// SourceFunc adapts a function to the Source interface.
type SourceFunc func(ctx context.Context, symbol string) (Quote, error)

// Quote calls f.
func (f SourceFunc) Quote(ctx context.Context, symbol string) (Quote, error) {
	return f(ctx, symbol)
}

// ErrNoSymbols is returned when FetchAll is called with nothing to do.
var ErrNoSymbols = errors.New("quotes: no symbols")

// Fetcher fetches many quotes with at most Limit requests in flight.
type Fetcher struct {
	Src   Source
	Limit int
}

// normalize upper-cases and trims the symbols and rejects empty ones.
func normalize(symbols []string) ([]string, error) {
	out := make([]string, len(symbols))
	for i, s := range symbols {
		s = strings.ToUpper(strings.TrimSpace(s))
		if s == "" {
			return nil, fmt.Errorf("quotes: empty symbol at index %d", i)
		}
		out[i] = s
	}
	return out, nil
}

// FetchAll returns the quotes of symbols, in the order of symbols. The
// first error cancels the requests still running and is returned.
func (f *Fetcher) FetchAll(ctx context.Context, symbols []string) ([]Quote, error) {
	if len(symbols) == 0 {
		return nil, ErrNoSymbols
	}
	syms, err := normalize(symbols)
	if err != nil {
		return nil, err
	}
	limit := f.Limit
	if limit <= 0 {
		limit = 4
	}

	g, ctx := errgroup.WithContext(ctx)
	g.SetLimit(limit)
	out := make([]Quote, len(syms))
	for i, sym := range syms {
		g.Go(func() error {
			q, err := f.Src.Quote(ctx, sym)
			if err != nil {
				return fmt.Errorf("quote %s: %w", sym, err)
			}
			if q.Symbol == "" {
				q.Symbol = sym
			}
			out[i] = q
			return nil
		})
	}
	if err := g.Wait(); err != nil {
		return nil, err
	}
	return out, nil
}

// Total sums the prices of quotes, counting each symbol once.
func Total(quotes []Quote) int64 {
	seen := make(map[string]bool, len(quotes))
	var sum int64
	for _, q := range quotes {
		if seen[q.Symbol] {
			continue
		}
		seen[q.Symbol] = true
		sum += q.Cents
	}
	return sum
}

// Cheapest returns the n cheapest quotes, cheapest first.
func Cheapest(quotes []Quote, n int) []Quote {
	cp := append([]Quote(nil), quotes...)
	sort.SliceStable(cp, func(i, j int) bool { return cp[i].Cents < cp[j].Cents })
	if n < len(cp) {
		cp = cp[:n]
	}
	return cp
}
