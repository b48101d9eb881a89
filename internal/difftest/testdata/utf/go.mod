module example.com/utf

go 1.26
