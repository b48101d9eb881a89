module example.com/preduce

go 1.26
