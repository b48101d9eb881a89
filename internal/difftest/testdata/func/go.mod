module example.com/func

go 1.26
