module example.com/gcgort

go 1.26
