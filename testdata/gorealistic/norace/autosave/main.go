// Command autosave: an editor buffer saves itself 30ms after the last edit through a time.AfterFunc timer that every edit re-arms with Reset, and Close stops the timer and saves once more unless the last version was saved; a save records the version it saved under the buffer's lock, and Close reads the record under it, so the timer's saves and Close are ordered by the lock: no race.
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

	savedVer int // the last version saved, guarded by mu
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
	d.mu.Lock()
	d.savedVer = max(d.savedVer, ver)
	d.mu.Unlock()
}

// Close stops autosaving and saves the last version if needed.
func (d *doc) Close() {
	d.timer.Stop()
	d.mu.Lock()
	saved := d.savedVer == d.ver
	d.mu.Unlock()
	if !saved {
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
