module example.com/const8

go 1.26
