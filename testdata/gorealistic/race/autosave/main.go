// Command autosave: an editor buffer saves itself 30ms after the last edit through a time.AfterFunc timer that every edit re-arms with Reset, and Close stops the timer and saves once more unless the last version was saved; a save records the version it saved after releasing the buffer's lock, and Close reads that record without the lock (Stop does not wait for a save that has run), so the record races in every schedule in which the timer fires before Close: the write of one save with the write of the next (each timer save runs in a goroutine of its own, and Close saves too) and with Close's read (here the typist pauses 50ms between bursts, so the timer fires twice and Close saves the last burst itself).
package main

import (
	"fmt"
	"strings"
	"sync"
	"time"
)

// store keeps the saved versions of documents.
type store struct {
	mu       sync.Mutex
	versions map[string]string
}

func (s *store) put(name, text string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.versions[name] = text
}

// doc is an open document.
type doc struct {
	name  string
	st    *store
	mu    sync.Mutex
	text  strings.Builder
	ver   int
	timer *time.Timer

	savedVer int // the last version saved
}

func open(name string, st *store) *doc {
	d := &doc{name: name, st: st}
	d.timer = time.AfterFunc(time.Hour, d.save)
	d.timer.Stop()
	return d
}

// Type appends s to the document and re-arms the autosave timer.
func (d *doc) Type(s string) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.text.WriteString(s)
	d.ver++
	d.timer.Reset(30 * time.Millisecond)
}

// save stores the current text.
func (d *doc) save() {
	d.mu.Lock()
	text, ver := d.text.String(), d.ver
	d.mu.Unlock()
	d.st.put(d.name, text)
	d.savedVer = ver // race:saved,saved_ww
}

// Close stops autosaving and saves the last version if needed.
func (d *doc) Close() {
	d.timer.Stop()
	d.mu.Lock()
	ver := d.ver
	d.mu.Unlock()
	if d.savedVer != ver { // race:saved
		d.save()
	}
}

func main() {
	st := &store{versions: map[string]string{}}
	d := open("notes.txt", st)

	bursts := [][]string{
		{"Meeting ", "notes: "},
		{"ship ", "v2 ", "on ", "Friday. "},
		{"Ask ", "Dana ", "about ", "the ", "release."},
	}
	typed := make(chan struct{})
	go func() {
		defer close(typed)
		for i, b := range bursts {
			if i > 0 {
				time.Sleep(50 * time.Millisecond)
			}
			for _, w := range b {
				d.Type(w)
			}
		}
	}()
	<-typed
	d.Close()

	st.mu.Lock()
	defer st.mu.Unlock()
	fmt.Printf("%s: %q\n", d.name, st.versions[d.name])
}
