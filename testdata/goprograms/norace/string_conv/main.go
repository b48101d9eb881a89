// Command string_conv: a goroutine converts a byte slice to a string, which reads every byte; the parent writes one of the bytes only after it received the string.
package main

import "fmt"

func main() {
	buf := []byte("hello")
	done := make(chan string)
	go func() {
		done <- string(buf)
	}()
	s := <-done
	buf[0] = 'j'
	fmt.Println(len(s))
}
