module example.com/reflectmethod6

go 1.26
