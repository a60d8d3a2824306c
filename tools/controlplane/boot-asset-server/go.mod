// The boot service's asset server (server/boot/asset-server.ts): standard library only, built on first use
// into the per-user cache (tools/controlplane/go-programs.ts), never committed as a binary.
module rackpilot.local/boot/assetserver

go 1.26.0
