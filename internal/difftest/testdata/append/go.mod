module example.com/append

go 1.26
