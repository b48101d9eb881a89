module example.com/range4

go 1.26
