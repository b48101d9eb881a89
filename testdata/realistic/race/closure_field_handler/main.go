// Command closure_field_handler: an event bus stores handler closures in a struct field when they subscribe, and publish calls them from parallel tasks; one handler closure counts events in a variable it captured, so two tasks running it race on the count.
package main

import (
	"fmt"
	"sort"
	"strings"

	"github.com/tpinstr/tpinstr/rt/task"
)

type event struct {
	topic   string
	payload string
}

type subscriber struct {
	topic  string
	handle func(ev event) string
}

type bus struct {
	subs []subscriber
}

// subscribe registers a handler for a topic.
func (b *bus) subscribe(topic string, h func(ev event) string) {
	b.subs = append(b.subs, subscriber{topic: topic, handle: h})
}

// deliver runs the handlers of one event and returns their outputs.
func (b *bus) deliver(ev event) []string {
	var out []string
	for _, s := range b.subs {
		if s.topic == ev.topic {
			out = append(out, s.handle(ev))
		}
	}
	return out
}

// publish delivers every event in its own task.
func publish(t *task.T, b *bus, events []event) [][]string {
	results := make([][]string, len(events))
	t.Finish(func(t *task.T) {
		for i, ev := range events {
			t.Async(func(t *task.T) {
				results[i] = b.deliver(ev)
			})
		}
	})
	return results
}

func main() {
	b := &bus{}
	orders := 0
	b.subscribe("order", func(ev event) string {
		orders++ // race:a
		return "order " + ev.payload
	})
	b.subscribe("order", func(ev event) string {
		return "audit " + strings.ToUpper(ev.payload)
	})
	b.subscribe("login", func(ev event) string {
		return "welcome " + ev.payload
	})
	events := []event{
		{"order", "book"},
		{"login", "ann"},
		{"order", "lamp"},
		{"login", "bob"},
		{"order", "desk"},
	}
	var results [][]string
	task.Run(func(t *task.T) {
		results = publish(t, b, events)
	})
	var lines []string
	for _, r := range results {
		lines = append(lines, r...)
	}
	sort.Strings(lines)
	for _, l := range lines {
		fmt.Println(l)
	}
	fmt.Println("orders", orders)
	fmt.Println("events", len(events), "outputs", len(lines))
}
