module example.com/range3

go 1.26
