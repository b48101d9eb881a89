module example.com/func7

go 1.26
