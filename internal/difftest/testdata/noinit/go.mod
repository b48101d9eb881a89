module example.com/noinit

go 1.26
