module example.com/peano

go 1.26
