// Command http_handler: an httptest server's handler, which net/http's own goroutines run, counts the requests in a package variable without a lock: two requests in their handlers at once race on it.
package main

import (
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"sync"
)

var hits int

func main() {
	var arrived sync.WaitGroup
	arrived.Add(2)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		arrived.Done()
		arrived.Wait() // both requests are in the handler
		hits++         // race:h
		fmt.Fprint(w, "ok")
	}))
	defer srv.Close()
	var wg sync.WaitGroup
	for range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			resp, err := http.Get(srv.URL)
			if err != nil {
				panic(err)
			}
			io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
		}()
	}
	wg.Wait()
	fmt.Println("two requests served")
}
