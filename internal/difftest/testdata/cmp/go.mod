module example.com/cmp

go 1.26
