module example.com/recover

go 1.26
