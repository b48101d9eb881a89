module example.com/func6

go 1.26
