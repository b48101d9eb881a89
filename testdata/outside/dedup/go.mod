module example.com/dedup

go 1.26
