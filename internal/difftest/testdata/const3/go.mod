module example.com/const3

go 1.26
