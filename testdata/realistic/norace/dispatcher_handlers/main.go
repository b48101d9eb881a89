// Command dispatcher_handlers: a dispatcher looks up a handler function per request in a map and runs each request in its own task; each handler writes only the response slot of its request; race-free.
package main

import (
	"fmt"
	"strings"

	"github.com/tpinstr/tpinstr/rt/task"
)

type request struct {
	kind string
	body string
}

type response struct {
	status int
	text   string
}

type handler func(req request, resp *response)

func echo(req request, resp *response) {
	resp.status = 200
	resp.text = req.body
}

func shout(req request, resp *response) {
	resp.status = 200
	resp.text = strings.ToUpper(req.body)
}

func missing(req request, resp *response) {
	resp.status = 404
	resp.text = "no handler for " + req.kind
}

var routes = map[string]handler{
	"echo":  echo,
	"shout": shout,
}

// dispatch serves every request in parallel.
func dispatch(t *task.T, reqs []request) []response {
	resps := make([]response, len(reqs))
	t.Finish(func(t *task.T) {
		for i, r := range reqs {
			h, ok := routes[r.kind]
			if !ok {
				h = missing
			}
			t.Async(func(t *task.T) {
				h(r, &resps[i])
			})
		}
	})
	return resps
}

func main() {
	reqs := []request{
		{"echo", "hello"}, {"shout", "quiet please"}, {"nope", "x"}, {"echo", "bye"},
	}
	task.Run(func(t *task.T) {
		resps := dispatch(t, reqs)
		for i, r := range resps {
			fmt.Println(i, r.status, r.text)
		}
	})
	fmt.Println("requests", len(reqs))
}
