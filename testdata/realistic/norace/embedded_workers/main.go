// Command embedded_workers: crawler workers embed a stats struct whose promoted methods update it; each task gets a pointer to its own element of a slice of workers (&workers[i]), so no two tasks touch the same stats; the totals are read after the Finish; race-free.
package main

import (
	"fmt"
	"strings"

	"github.com/tpinstr/tpinstr/rt/task"
)

type stats struct {
	pages int
	bytes int
	links int
}

// add records one fetched page.
func (s *stats) add(body string) {
	s.pages++
	s.bytes += len(body)
	s.links += strings.Count(body, "href=")
}

type worker struct {
	stats
	id    int
	queue []string
}

// fetch pretends to download a URL.
func fetch(url string) string {
	return "<html>" + strings.Repeat(`<a href="x">`, len(url)%4) + url + "</html>"
}

// crawl fetches every URL of the worker's queue.
func (w *worker) crawl() {
	for _, u := range w.queue {
		w.add(fetch(u))
	}
}

var urls = []string{
	"https://a.example/", "https://b.example/docs", "https://c.example/blog/1",
	"https://a.example/about", "https://d.example/", "https://b.example/faq",
	"https://e.example/shop", "https://c.example/blog/2", "https://f.example/",
	"https://a.example/contact", "https://g.example/x/y/z",
}

// split deals the URLs round-robin to n workers.
func split(n int) []worker {
	ws := make([]worker, n)
	for i := range ws {
		ws[i].id = i
	}
	for k, u := range urls {
		w := &ws[k%n]
		w.queue = append(w.queue, u)
	}
	return ws
}

// total sums the workers' stats.
func total(ws []worker) stats {
	var s stats
	for _, w := range ws {
		s.pages += w.pages
		s.bytes += w.bytes
		s.links += w.links
	}
	return s
}

func main() {
	workers := split(4)
	task.Run(func(t *task.T) {
		t.Finish(func(t *task.T) {
			for i := range workers {
				w := &workers[i]
				t.Async(func(t *task.T) {
					w.crawl()
				})
			}
		})
	})
	for _, w := range workers {
		fmt.Printf("worker %d: %d pages, %d bytes, %d links\n", w.id, w.pages, w.bytes, w.links)
	}
	s := total(workers)
	fmt.Println("total pages", s.pages, "bytes", s.bytes, "links", s.links)
}
