module example.com/mallocfin

go 1.26
