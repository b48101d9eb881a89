module example.com/mapclear

go 1.26
