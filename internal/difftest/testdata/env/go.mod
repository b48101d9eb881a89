module example.com/env

go 1.26
