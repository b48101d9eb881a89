package quotes

import (
	"context"
	"errors"
	"sync/atomic"
	"testing"
	"time"
)

type fakeSource struct {
	prices   map[string]int64
	inFlight atomic.Int32
	maxSeen  atomic.Int32
}

func (s *fakeSource) Quote(ctx context.Context, sym string) (Quote, error) {
	n := s.inFlight.Add(1)
	defer s.inFlight.Add(-1)
	for {
		m := s.maxSeen.Load()
		if n <= m || s.maxSeen.CompareAndSwap(m, n) {
			break
		}
	}
	select {
	case <-time.After(time.Millisecond):
	case <-ctx.Done():
		return Quote{}, ctx.Err()
	}
	p, ok := s.prices[sym]
	if !ok {
		return Quote{}, errors.New("unknown symbol")
	}
	return Quote{Symbol: sym, Cents: p, Source: "fake"}, nil
}

func TestFetchAllOrderAndLimit(t *testing.T) {
	src := &fakeSource{prices: map[string]int64{
		"AAPL": 18900, "GOOG": 14100, "MSFT": 41000, "AMZN": 17800, "NVDA": 90000, "META": 47000,
	}}
	f := &Fetcher{Src: src, Limit: 2}
	syms := []string{"aapl", " goog", "MSFT", "amzn ", "NVDA", "meta"}
	got, err := f.FetchAll(context.Background(), syms)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"AAPL", "GOOG", "MSFT", "AMZN", "NVDA", "META"}
	for i, q := range got {
		if q.Symbol != want[i] {
			t.Errorf("got[%d].Symbol = %q, want %q", i, q.Symbol, want[i])
		}
	}
	if m := src.maxSeen.Load(); m > 2 {
		t.Errorf("saw %d requests in flight, limit is 2", m)
	}
	if tot := Total(got); tot != 228800 {
		t.Errorf("Total = %d", tot)
	}
	if c := Cheapest(got, 2); c[0].Symbol != "GOOG" || c[1].Symbol != "AMZN" {
		t.Errorf("Cheapest = %v", c)
	}
}

func TestFetchAllError(t *testing.T) {
	src := &fakeSource{prices: map[string]int64{"AAPL": 1, "GOOG": 2}}
	f := &Fetcher{Src: src, Limit: 3}
	_, err := f.FetchAll(context.Background(), []string{"AAPL", "XXXX", "GOOG", "MSFT"})
	if err == nil {
		t.Fatal("FetchAll succeeded with unknown symbols")
	}
	if _, err := f.FetchAll(context.Background(), nil); !errors.Is(err, ErrNoSymbols) {
		t.Fatalf("FetchAll(nil) = %v", err)
	}
}
