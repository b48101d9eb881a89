module example.com/winbatch

go 1.26
