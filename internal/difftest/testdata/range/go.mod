module example.com/range

go 1.26
