module example.com/method

go 1.26
