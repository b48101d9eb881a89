module example.com/ddd

go 1.26
