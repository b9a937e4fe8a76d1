// Package release holds what builds and checks a tdls release: dist.sh
// (run by `make dist`) builds the archives, the platform-specific VS Code
// extensions, a Python wheel per platform (wheel/) and SHA256SUMS; the
// tests here check them (`make dist-test`, part of `make test`): each
// archive, .vsix and wheel holds the binary of its platform, the host's
// runs (also installed from its wheel, and by the GitHub Action's install
// step), and the checksums verify. The registry tests check the files
// users and registries install tdls from as those read them: Mason's
// package definition (mason/), Helix's languages.toml, the GitHub Action.
package release
