module example.com/reflectmethod4

go 1.26
