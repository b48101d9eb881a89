module example.com/struct0

go 1.26
