module github.com/tpinstr/tpinstr

go 1.26.0

require (
	github.com/santhosh-tekuri/jsonschema/v6 v6.0.3
	golang.org/x/mod v0.42.0
	golang.org/x/sync v0.24.0
	golang.org/x/tools v0.52.0
)

require golang.org/x/text v0.14.0 // indirect
