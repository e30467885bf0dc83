module github.com/maubinh/maubinh-api/clients/go

go 1.24.0

require (
	github.com/gowebpki/jcs v1.0.2
	github.com/oapi-codegen/runtime v1.8.0
	go.yaml.in/yaml/v3 v3.0.6
)

require (
	github.com/apapsch/go-jsonmerge/v2 v2.0.0 // indirect
	github.com/google/uuid v1.6.0 // indirect
)
