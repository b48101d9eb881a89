// Command file_sync: a goroutine writes a file and then sets a variable, while the parent polls the file until it has the data and then reads the variable; the file write orders only what came before it.
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
		f, err := os.Create(name + ".tmp")
		if err != nil {
			panic(err)
		}
		f.Write([]byte("done"))
		f.Close()
		os.Rename(name+".tmp", name)
		x = 42 // race:x
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
	v := x // race:x
	_ = v
	fmt.Println(string(buf))
}
