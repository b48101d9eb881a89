module example.com/escape

go 1.26
