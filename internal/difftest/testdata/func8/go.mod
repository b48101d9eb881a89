module example.com/func8

go 1.26
