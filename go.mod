module tdls

go 1.26.8

require (
	github.com/alecthomas/participle/v2 v2.1.4
	github.com/segmentio/encoding v0.3.4
	go.lsp.dev/jsonrpc2 v0.10.0
	go.lsp.dev/protocol v0.12.0
	go.lsp.dev/uri v0.3.0
	go.uber.org/zap v1.28.0
)

require (
	github.com/segmentio/asm v1.1.3 // indirect
	go.uber.org/multierr v1.10.0 // indirect
	golang.org/x/sys v0.0.0-20220319134239-a9b59b0215f8 // indirect
)

replace go.lsp.dev/protocol => ./third_party/go.lsp.dev/protocol
