module example.com/reflectmethod5

go 1.26
