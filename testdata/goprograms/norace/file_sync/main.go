// Command file_sync: a goroutine sets a variable and then writes a file, while the parent polls the file until it has the data and then reads the variable: the race detector orders file writes before later file reads, and so does the checked run (for this schedule).
package main

import (
	"fmt"
	"os"
	"path/filepath"
	"time"
)

func main() {
	dir, err := os.MkdirTemp("", "file_sync")
	if err != nil {
		panic(err)
	}
	defer os.RemoveAll(dir)
	name := filepath.Join(dir, "data")
	x := 0
	go func() {
		x = 42
		f, err := os.Create(name + ".tmp")
		if err != nil {
			panic(err)
		}
		f.Write([]byte("done"))
		f.Close()
		os.Rename(name+".tmp", name)
	}()
	buf := make([]byte, 4)
	for {
		f, err := os.Open(name)
		if err == nil {
			n, _ := f.Read(buf)
			f.Close()
			if n == len(buf) {
				break
			}
		}
		time.Sleep(time.Millisecond)
	}
	fmt.Println(string(buf), x)
}
