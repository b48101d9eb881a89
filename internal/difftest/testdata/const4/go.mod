module example.com/const4

go 1.26
