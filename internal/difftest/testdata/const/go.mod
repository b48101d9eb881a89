module example.com/const

go 1.26
