// Command render_pool: three shippers render their share of access-log records as CSV lines into byte slices from a sync.Pool and frame each line for a collector, keeping a checksum; a shipper ships the line before it puts the slice back, and the Put orders everything before it before the Get that returns the slice to another shipper: no race.
package main

import (
	"fmt"
	"io"
	"sync"
)

// record is one access-log entry.
type record struct {
	method, path, status, agent string
}

// linePool holds the slices the lines are rendered into.
var linePool = sync.Pool{New: func() any {
	b := make([]byte, 0, 256)
	return &b
}}

// appendCSV appends the fields as one CSV line; commas and newlines in a
// field become spaces.
func appendCSV(buf []byte, fields ...string) []byte {
	for i, f := range fields {
		for j := 0; j < len(f); j++ {
			c := f[j]
			if c == ',' || c == '\n' {
				c = ' '
			}
			buf = append(buf, c)
		}
		sep := byte(',')
		if i == len(fields)-1 {
			sep = '\n'
		}
		buf = append(buf, sep)
	}
	return buf
}

// shipper frames lines for the collector.
type shipper struct {
	w      io.Writer
	frames int
	bytes  int
	sum    uint32
}

// ship writes one length-prefixed frame and updates the FNV-1a checksum.
func (s *shipper) ship(p []byte) {
	for _, c := range p {
		s.sum = (s.sum ^ uint32(c)) * 16777619
	}
	n := len(p)
	s.w.Write([]byte{byte(n >> 8), byte(n)})
	s.w.Write(p)
	s.frames++
	s.bytes += n
}

// run renders and ships each record.
func (s *shipper) run(recs []record) {
	for _, r := range recs {
		bp := linePool.Get().(*[]byte)
		line := appendCSV((*bp)[:0], r.method, r.path, r.status, r.agent)
		s.ship(line)
		*bp = line
		linePool.Put(bp)
	}
}

func main() {
	paths := []string{"/", "/login", "/api/v1/items", "/api/v1/items/42", "/static/app.js", "/health"}
	agents := []string{"curl/8.5", "Mozilla/5.0 (X11, Linux)", "Go-http-client/1.1"}
	var recs []record
	for i := range 12 {
		status := "200"
		if i%5 == 4 {
			status = "404"
		}
		recs = append(recs, record{method: "GET", path: paths[i%len(paths)], status: status, agent: agents[i%len(agents)]})
	}

	shippers := make([]*shipper, 3)
	var wg sync.WaitGroup
	for i := range shippers {
		s := &shipper{w: io.Discard, sum: 2166136261}
		shippers[i] = s
		wg.Add(1)
		go func(part []record) {
			defer wg.Done()
			s.run(part)
		}(recs[i*4 : (i+1)*4])
	}
	wg.Wait()

	frames, n := 0, 0
	for i, s := range shippers {
		fmt.Printf("shipper %d: %d frames, %d bytes, checksum %08x\n", i, s.frames, s.bytes, s.sum)
		frames += s.frames
		n += s.bytes
	}
	fmt.Printf("total: %d frames, %d bytes\n", frames, n)
}
