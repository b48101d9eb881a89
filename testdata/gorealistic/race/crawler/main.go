// Command crawler: a crawler follows the links of an in-memory site, one goroutine per page, with a buffered channel as a semaphore limiting fetches to two at a time and a mutex guarding the visited set; the visited check is done under the lock but the mark after it is not (check-then-act), so two pages that link to the same page race on its mark: a read under the lock against the other's unlocked write, and two unlocked writes when both checks come before either mark, in the schedules where no later section or semaphore hand-off happens to order the mark before the other's check.
package main

import (
	"fmt"
	"sort"
	"strings"
	"sync"
)

// site maps a page to the pages it links to.
var site = map[string][]string{
	"/":          {"/docs", "/blog"},
	"/docs":      {"/docs/api", "/about"},
	"/blog":      {"/blog/2024", "/about"},
	"/docs/api":  {"/"},
	"/blog/2024": {"/blog"},
	"/about":     {},
}

// crawler visits every page reachable from a start page.
type crawler struct {
	sem     chan struct{}
	mu      sync.Mutex
	visited map[string]*bool
	wg      sync.WaitGroup
	titles  sync.Map // page -> title
}

// fetch "downloads" a page and returns its title and links.
func fetch(page string) (string, []string) {
	title := strings.ToUpper(strings.Trim(page, "/"))
	if title == "" {
		title = "HOME"
	}
	return title, site[page]
}

// crawl fetches page under the semaphore and starts a goroutine for each
// link not yet visited.
func (c *crawler) crawl(page string) {
	defer c.wg.Done()
	c.sem <- struct{}{}
	title, links := fetch(page)
	<-c.sem
	c.titles.Store(page, title)
	for _, l := range links {
		c.mu.Lock()
		mark := c.visited[l]
		seen := *mark // race:mark,mark_ww
		c.mu.Unlock()
		if !seen {
			*mark = true // race:mark,mark_ww
			c.wg.Add(1)
			go c.crawl(l)
		}
	}
}

func main() {
	c := &crawler{sem: make(chan struct{}, 2), visited: map[string]*bool{}}
	for p := range site {
		c.visited[p] = new(bool)
	}
	*c.visited["/"] = true
	c.wg.Add(1)
	go c.crawl("/")
	c.wg.Wait()

	var pages []string
	c.titles.Range(func(k, v any) bool {
		pages = append(pages, k.(string)+" "+v.(string))
		return true
	})
	sort.Strings(pages)
	fmt.Println(strings.Join(pages, "\n"))
}
