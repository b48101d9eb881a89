module example.com/typeswitch1

go 1.26
