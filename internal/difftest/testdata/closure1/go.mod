module example.com/closure1

go 1.26
