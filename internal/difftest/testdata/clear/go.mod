module example.com/clear

go 1.26
