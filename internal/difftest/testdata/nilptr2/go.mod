module example.com/nilptr2

go 1.26
