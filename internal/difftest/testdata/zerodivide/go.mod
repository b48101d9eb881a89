module example.com/zerodivide

go 1.26
