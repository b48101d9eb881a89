module example.com/if

go 1.26
