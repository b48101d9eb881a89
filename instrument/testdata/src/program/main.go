// Command program exercises the program-level edits: main, os.Exit.
package main

import (
	"fmt"
	xos "os"
)

var exit = xos.Exit // a function value of os.Exit

func main() {
	if len(xos.Args) > 5 {
		exit(4)
	}
	fmt.Println("ok")
	xos.Exit(0)
}
