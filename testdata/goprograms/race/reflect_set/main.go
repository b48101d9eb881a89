// Command reflect_set: a goroutine sets a variable through package reflect while the parent reads it through reflect too; nothing orders the two.
package main

import (
	"fmt"
	"reflect"
)

func main() {
	i := 0
	v := reflect.ValueOf(&i)
	done := make(chan bool, 1)
	go func() {
		v.Elem().Set(reflect.ValueOf(1)) // race:reflect
		done <- true
	}()
	n := v.Elem().Int() // race:reflect
	<-done
	fmt.Println(n >= 0)
}
