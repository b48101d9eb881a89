module example.com/named

go 1.26
