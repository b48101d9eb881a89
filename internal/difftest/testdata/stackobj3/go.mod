module example.com/stackobj3

go 1.26
