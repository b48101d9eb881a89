module example.com/switch

go 1.26
