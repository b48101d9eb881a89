module example.com/linkx_run

go 1.26
