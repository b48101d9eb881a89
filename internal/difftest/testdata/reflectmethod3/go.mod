module example.com/reflectmethod3

go 1.26
