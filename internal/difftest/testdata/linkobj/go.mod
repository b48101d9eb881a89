module example.com/linkobj

go 1.26
