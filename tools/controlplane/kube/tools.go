//go:build tools

// Keeps k8s.io/kubernetes, etcd and kwok in go.mod when `go mod tidy` runs; never compiled. kwok is the
// release built on the same Kubernetes libraries and etcd the release Kubernetes' client requires, so
// that one build compiles each shared package once.
package tools

import (
	_ "go.etcd.io/etcd/server/v3"
	_ "k8s.io/kubectl/pkg/cmd"
	_ "k8s.io/kubernetes/cmd/kube-apiserver/app"
	_ "k8s.io/kubernetes/cmd/kube-controller-manager/app"
	_ "k8s.io/kubernetes/cmd/kube-scheduler/app"
	_ "sigs.k8s.io/kwok/cmd/kwok"
	_ "sigs.k8s.io/kwok/cmd/kwokctl"
)
