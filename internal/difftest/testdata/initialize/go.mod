module example.com/initialize

go 1.26
