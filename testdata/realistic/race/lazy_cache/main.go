// Command lazy_cache: a price calculator memoises exchange rates in a map shared by all tasks; each task looks a currency up and fills the map on a miss, without Isolated, so the lookups and stores of different tasks race on the map (and on the count of fetches).
package main

import (
	"fmt"
	"sort"

	"github.com/tpinstr/tpinstr/rt/task"
)

type order struct {
	id       int
	amount   float64
	currency string
}

type converter struct {
	rates map[string]float64
	calls int
}

// slowRate pretends to ask a remote service for a rate to euros.
func slowRate(cur string) float64 {
	switch cur {
	case "USD":
		return 0.92
	case "GBP":
		return 1.17
	case "JPY":
		return 0.0061
	}
	return 1
}

// rate returns the cached rate of a currency, fetching it on a miss.
func (c *converter) rate(cur string) float64 {
	if r, ok := c.rates[cur]; ok { // race:a
		return r
	}
	r := slowRate(cur)
	c.calls++        // race:b
	c.rates[cur] = r // race:a
	return r
}

// convert prices every order in euros, one task per order.
func convert(t *task.T, c *converter, orders []order) []float64 {
	eur := make([]float64, len(orders))
	t.ForAll(0, len(orders), func(t *task.T, i int) {
		o := orders[i]
		eur[i] = o.amount * c.rate(o.currency)
	})
	return eur
}

var orders = []order{
	{1, 120, "USD"}, {2, 80, "GBP"}, {3, 15000, "JPY"}, {4, 42, "EUR"},
	{5, 300, "USD"}, {6, 12, "GBP"}, {7, 999, "USD"}, {8, 5000, "JPY"},
}

func main() {
	c := &converter{rates: map[string]float64{}}
	var eur []float64
	task.Run(func(t *task.T) {
		eur = convert(t, c, orders)
	})
	sum := 0.0
	for i, o := range orders {
		fmt.Printf("order %d: %8.2f %s = %8.2f EUR\n", o.id, o.amount, o.currency, eur[i])
		sum += eur[i]
	}
	fmt.Printf("total %.2f EUR\n", sum)
	var curs []string
	for cur := range c.rates {
		curs = append(curs, cur)
	}
	sort.Strings(curs)
	fmt.Println("cached", curs)
	fmt.Println("orders", len(orders), "fetches", c.calls)
}
