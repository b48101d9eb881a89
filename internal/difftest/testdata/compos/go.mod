module example.com/compos

go 1.26
