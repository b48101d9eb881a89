// Command log_pipeline: a pipeline reads log lines (a reader stage), parses them in two parallel parser stages merged by a WaitGroup closer, and a sink stops everything by closing a done channel after the third error; every stage selects on done. The reader stage records how far it got in a field after its loop, and main reads that field after joining the stages, so the WaitGroup orders the write before the read: no race.
package main

import (
	"fmt"
	"strconv"
	"strings"
	"sync"
)

// record is one parsed log line.
type record struct {
	line  int
	level string
	ms    int
	err   error
}

// reader emits the lines of a log until it ends or done is closed.
type reader struct {
	lines  []string
	offset int // how many lines were emitted
}

func (r *reader) run(done <-chan struct{}, out chan<- [2]string) {
	defer close(out)
	n := 0
loop:
	for i, l := range r.lines {
		select {
		case out <- [2]string{strconv.Itoa(i), l}:
			n++
		case <-done:
			break loop
		}
	}
	r.offset = n
}

// parse turns "LEVEL ms" lines into records.
func parse(done <-chan struct{}, in <-chan [2]string, out chan<- record) {
	for l := range in {
		line, _ := strconv.Atoi(l[0])
		f := strings.Fields(l[1])
		rec := record{line: line}
		if len(f) != 2 {
			rec.err = fmt.Errorf("line %d: %d fields", line, len(f))
		} else if ms, err := strconv.Atoi(f[1]); err != nil {
			rec.err = fmt.Errorf("line %d: %w", line, err)
		} else {
			rec.level, rec.ms = f[0], ms
		}
		select {
		case out <- rec:
		case <-done:
			return
		}
	}
}

func main() {
	var lines []string
	for i := 0; i < 40; i++ {
		switch {
		case i%7 == 3:
			lines = append(lines, "WARN")
		case i%5 == 4:
			lines = append(lines, "INFO x"+strconv.Itoa(i))
		default:
			lines = append(lines, "INFO "+strconv.Itoa(i*3))
		}
	}

	done := make(chan struct{})
	raw := make(chan [2]string)
	recs := make(chan record)
	r := &reader{lines: lines}

	var stages sync.WaitGroup
	stages.Add(1)
	go func() {
		defer stages.Done()
		r.run(done, raw)
	}()
	var parsers sync.WaitGroup
	for range 2 {
		parsers.Add(1)
		go func() {
			defer parsers.Done()
			parse(done, raw, recs)
		}()
	}
	go func() {
		parsers.Wait()
		close(recs)
	}()

	errs := 0
	for rec := range recs {
		if rec.err != nil {
			errs++
			if errs == 3 {
				close(done)
				break
			}
		}
	}
	stages.Wait()
	parsers.Wait()
	if r.offset <= len(lines) {
		fmt.Println("reader stopped within the log")
	}
	fmt.Println("stopped after", errs, "errors")
}
