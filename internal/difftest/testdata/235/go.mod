module example.com/235

go 1.26
