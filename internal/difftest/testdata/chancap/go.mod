module example.com/chancap

go 1.26
