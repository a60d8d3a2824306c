//go:build tools

// Keeps k8s.io/kubernetes and kwok in go.mod when `go mod tidy` runs; never compiled. kwok is required
// here, at the release built on the same Kubernetes libraries, so that the two builds share their packages.
package tools

import (
	_ "k8s.io/kubernetes/cmd/kube-apiserver/app"
	_ "k8s.io/kubernetes/cmd/kube-controller-manager/app"
	_ "k8s.io/kubernetes/cmd/kube-scheduler/app"
	_ "k8s.io/kubectl/pkg/cmd"
	_ "sigs.k8s.io/kwok/cmd/kwok"
	_ "sigs.k8s.io/kwok/cmd/kwokctl"
)
