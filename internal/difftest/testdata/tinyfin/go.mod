module example.com/tinyfin

go 1.26
