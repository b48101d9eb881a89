module example.com/recover1

go 1.26
