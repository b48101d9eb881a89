module example.com/sizeof

go 1.26
