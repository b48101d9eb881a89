module example.com/heapsampling

go 1.26
