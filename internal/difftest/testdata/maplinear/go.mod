module example.com/maplinear

go 1.26
