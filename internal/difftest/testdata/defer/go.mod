module example.com/defer

go 1.26
