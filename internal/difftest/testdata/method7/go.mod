module example.com/method7

go 1.26
