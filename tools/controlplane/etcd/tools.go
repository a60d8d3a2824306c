//go:build tools

// Keeps the etcd server module in go.mod when `go mod tidy` runs; never compiled.
package tools

import _ "go.etcd.io/etcd/server/v3/etcdmain"
