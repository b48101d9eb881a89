module example.com/bigalg

go 1.26
