module example.com/divmod

go 1.26
