module example.com/pubsub

go 1.26
