// Package main holds race and race-free twins of interface calls on the
// one object of a singleton type.
package main

import "github.com/tpinstr/tpinstr/rt/task"

type adder interface{ Add(int) }

// ledger has one object: the &ledger{} in main.
type ledger struct{ balance int }

func (l *ledger) Add(v int) { l.balance += v } // want Add:`effects=2`

type account struct {
	*ledger
	owner string
}

func deposit(a adder, v int) { a.Add(v) }

func shared(t *task.T, as []adder) {
	t.ForAll(0, len(as), func(t *task.T, i int) {
		deposit(as[i], i) // want `possible determinacy race on singleton.\*ledger\(receiver\): the write of singleton.\*ledger\(receiver\).balance at main.go:\d+:\d+ \(in Add at main.go:\d+:\d+\) may run in parallel with itself`
	})
}

type writer interface{ Write(int) }

// page has an object per iteration of the loop in main.
type page struct{ words int }

func (p *page) Write(v int) { p.words += v } // want Write:`effects=2`

func own(t *task.T, ws []writer) {
	t.ForAll(0, len(ws), func(t *task.T, i int) {
		ws[i].Write(i) // a page per element: no report
	})
}

func main() {
	l := &ledger{}
	shared(nil, []adder{account{l, "ann"}, account{l, "bob"}})
	var ws []writer
	for i := 0; i < 3; i++ {
		ws = append(ws, &page{})
	}
	own(nil, ws)
}
