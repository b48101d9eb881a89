module example.com/divide

go 1.26
