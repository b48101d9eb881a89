module example.com/const7

go 1.26
