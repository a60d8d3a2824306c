//go:build tools

// Keeps Matchbox in go.mod when `go mod tidy` runs; never compiled.
package tools

import (
	_ "github.com/poseidon/matchbox/cmd/matchbox"
)
