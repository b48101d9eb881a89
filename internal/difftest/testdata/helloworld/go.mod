module example.com/helloworld

go 1.26
