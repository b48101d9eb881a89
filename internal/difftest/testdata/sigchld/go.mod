module example.com/sigchld

go 1.26
