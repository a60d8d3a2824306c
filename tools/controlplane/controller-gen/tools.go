//go:build tools

// Keeps controller-tools in go.mod when `go mod tidy` runs; never compiled.
package tools

import (
	_ "sigs.k8s.io/controller-tools/cmd/controller-gen"
)
