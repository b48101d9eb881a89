module example.com/stringrange

go 1.26
