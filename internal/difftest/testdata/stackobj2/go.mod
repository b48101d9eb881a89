module example.com/stackobj2

go 1.26
