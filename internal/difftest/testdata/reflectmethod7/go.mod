module example.com/reflectmethod7

go 1.26
