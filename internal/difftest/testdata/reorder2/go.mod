module example.com/reorder2

go 1.26
