module example.com/func5

go 1.26
