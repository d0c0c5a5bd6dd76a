module github.com/autoplay/autoplay

go 1.26.8

require (
	github.com/notnil/chess v1.10.0
	github.com/spf13/cobra v1.10.2
	go.uber.org/goleak v1.3.0
	gopkg.in/yaml.v3 v3.0.1
)

require (
	github.com/inconshreveable/mousetrap v1.1.0 // indirect
	github.com/kr/text v0.2.0 // indirect
	github.com/spf13/pflag v1.0.9 // indirect
)
