// Command reflect_set: a goroutine sets a variable through package reflect, and the parent reads it through reflect after the goroutine said it is done.
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
		v.Elem().Set(reflect.ValueOf(1))
		done <- true
	}()
	<-done
	n := v.Elem().Int()
	fmt.Println(n >= 0)
}
