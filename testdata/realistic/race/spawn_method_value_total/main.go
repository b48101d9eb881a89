// Command spawn_method_value_total: a log scanner spawns one task per log file through a method value (spawn := t.Async); every task adds its error count to one shared total without Isolated, so the additions race.
package main

import (
	"fmt"
	"strings"

	"github.com/tpinstr/tpinstr/rt/task"
)

type logFile struct {
	name  string
	lines []string
}

var logs = []logFile{
	{"api.log", []string{"INFO start", "ERROR timeout", "INFO ok", "ERROR refused"}},
	{"db.log", []string{"INFO open", "WARN slow", "ERROR deadlock"}},
	{"web.log", []string{"INFO get /", "INFO get /a", "ERROR 500"}},
	{"cron.log", []string{"INFO tick", "INFO tick"}},
}

type summary struct {
	errors   int
	warnings int
	perFile  []int
}

// classify returns the level of a log line.
func classify(line string) string {
	level, _, _ := strings.Cut(line, " ")
	return level
}

// countLevel counts the lines of a file at one level.
func countLevel(f logFile, level string) int {
	n := 0
	for _, l := range f.lines {
		if classify(l) == level {
			n++
		}
	}
	return n
}

// scan counts errors in every file in parallel.
func scan(t *task.T, files []logFile) *summary {
	s := &summary{perFile: make([]int, len(files))}
	t.Finish(func(t *task.T) {
		spawn := t.Async
		for i, f := range files {
			spawn(func(t *task.T) {
				n := countLevel(f, "ERROR")
				s.perFile[i] = n
				s.errors += n // race:a
			})
		}
	})
	return s
}

// warnings counts the warnings sequentially.
func warnings(files []logFile) int {
	w := 0
	for _, f := range files {
		w += countLevel(f, "WARN")
	}
	return w
}

// worst returns the file with the most errors.
func worst(files []logFile, s *summary) string {
	best, name := -1, ""
	for i, n := range s.perFile {
		if n > best {
			best, name = n, files[i].name
		}
	}
	return name
}

func main() {
	var s *summary
	task.Run(func(t *task.T) {
		s = scan(t, logs)
	})
	s.warnings = warnings(logs)
	fmt.Println("errors", s.errors, "warnings", s.warnings)
	for i, f := range logs {
		fmt.Printf("%-9s %d\n", f.name, s.perFile[i])
	}
	fmt.Println("worst", worst(logs, s))
	fmt.Println("files", len(logs))
}
