module example.com/simassign

go 1.26
