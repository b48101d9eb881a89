module example.com/reflectmethod2

go 1.26
