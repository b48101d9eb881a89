module example.com/method3

go 1.26
