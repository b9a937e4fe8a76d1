// Package release holds what builds and checks a tdls release: dist.sh
// (run by `make dist`) builds the archives, the platform-specific VS Code
// extensions and SHA256SUMS; the tests here check them (`make dist-test`,
// part of `make test`): each archive and .vsix holds the binary of its
// platform, the host's runs, and the checksums verify.
package release
