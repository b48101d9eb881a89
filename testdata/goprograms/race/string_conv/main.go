// Command string_conv: a goroutine converts a byte slice to a string, which reads every byte, while the parent writes one of the bytes.
package main

import "fmt"

func main() {
	buf := []byte("hello")
	done := make(chan string)
	go func() {
		done <- string(buf) // race:conv
	}()
	buf[0] = 'j' // race:conv
	s := <-done
	fmt.Println(len(s))
}
