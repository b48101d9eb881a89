module example.com/varinit

go 1.26
