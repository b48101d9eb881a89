package main

import . "os"

func quit(code int) { Exit(code) }
