module example.com/batchwriter

go 1.26
