module example.com/strcopy

go 1.26
