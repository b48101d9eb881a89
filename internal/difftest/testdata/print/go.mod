module example.com/print

go 1.26
