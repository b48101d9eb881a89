module example.com/stackobj

go 1.26
