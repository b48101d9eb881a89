module example.com/method5

go 1.26
