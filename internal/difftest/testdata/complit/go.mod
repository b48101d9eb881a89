module example.com/complit

go 1.26
