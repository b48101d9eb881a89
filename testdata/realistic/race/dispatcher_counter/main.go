// Command dispatcher_counter: handlers looked up in a map are run in parallel tasks, and every handler increments a package-level request counter without Isolated; the increments race.
package main

import (
	"fmt"
	"strings"

	"github.com/tpinstr/tpinstr/rt/task"
)

type request struct{ kind, body string }

type response struct {
	status int
	text   string
}

type handler func(req request, resp *response)

var served int

func echo(req request, resp *response) {
	served++ // race:a,c
	resp.status = 200
	resp.text = req.body
}

func shout(req request, resp *response) {
	served++ // race:b,c
	resp.status = 200
	resp.text = strings.ToUpper(req.body)
}

var routes = map[string]handler{"echo": echo, "shout": shout}

// dispatch serves every request in parallel.
func dispatch(t *task.T, reqs []request) []response {
	resps := make([]response, len(reqs))
	t.Finish(func(t *task.T) {
		for i, r := range reqs {
			h := routes[r.kind]
			if h == nil {
				resps[i] = response{404, "no handler"}
				continue
			}
			t.Async(func(t *task.T) {
				h(r, &resps[i])
			})
		}
	})
	return resps
}

func main() {
	reqs := []request{{"echo", "hello"}, {"shout", "quiet"}, {"echo", "bye"}}
	task.Run(func(t *task.T) {
		for i, r := range dispatch(t, reqs) {
			fmt.Println(i, r.status, r.text)
		}
	})
	fmt.Println("served", served)
	fmt.Println("requests", len(reqs))
	fmt.Println("done")
}
