#!/usr/bin/env bash
# Builds a release into DIST (default: dist/), for linux, darwin and windows
# on amd64 and arm64:
#   tdls-VERSION-OS-ARCH.tar.gz (.zip for windows)  the tdls binary
#       (CGO_ENABLED=0, VCS-stamped), README.md, LICENSE, the Neovim plugin
#       (editors/nvim) and the Emacs package (editors/emacs/tdls.el)
#   tdls-VERSION-TARGET.vsix  the VS Code extension for one platform
#       (vsce --target linux-x64, ..., win32-arm64) with that binary inside
#   tdls-VERSION-py3-none-PLATFORM.whl  a Python wheel per platform that
#       puts that binary on PATH (release/wheel)
#   SHA256SUMS
# The archives are reproducible: sorted entries, fixed owners, and every
# timestamp set to the last commit's time. Needs Go, npm (the extension's
# node_modules: make vsix installs them), tar, gzip and zip.
#   release/dist.sh [DIST]
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
cd "$repo"
dist="$(mkdir -p "${1:-dist}" && cd "${1:-dist}" && pwd)"
go="${GO:-go}"

# GOOS/GOARCH and the matching VS Code platform.
platforms=(
  "linux amd64 linux-x64"
  "linux arm64 linux-arm64"
  "darwin amd64 darwin-x64"
  "darwin arm64 darwin-arm64"
  "windows amd64 win32-x64"
  "windows arm64 win32-arm64"
)

for tool in tar gzip zip; do
  command -v "$tool" >/dev/null || { echo "release/dist.sh: $tool is missing (apt-get install -y $tool)"; exit 1; }
done
[ -x editors/vscode/node_modules/.bin/vsce ] || { echo "release/dist.sh: the extension's node_modules are missing (make vsix, or npm ci in editors/vscode)"; exit 1; }

epoch="$(git log -1 --format=%ct 2>/dev/null || echo 0)"
stage="$(mktemp -d)"
trap 'rm -rf "$stage"' EXIT
rm -f "$dist"/tdls-* "$dist"/SHA256SUMS

echo "== building tdls for ${#platforms[@]} platforms"
for p in "${platforms[@]}"; do
  read -r os arch _ <<<"$p"
  exe=tdls; [ "$os" = windows ] && exe=tdls.exe
  mkdir -p "$stage/bin/$os-$arch"
  # -buildvcs=auto: the revision and its date go into the binary (tdls
  # version) whenever this is a git checkout, whatever GOFLAGS says.
  CGO_ENABLED=0 GOOS="$os" GOARCH="$arch" "$go" build -trimpath -buildvcs=auto -ldflags='-s -w' \
    -o "$stage/bin/$os-$arch/$exe" ./cmd/tdls
done

host="$stage/bin/$("$go" env GOHOSTOS)-$("$go" env GOHOSTARCH)/tdls"
version="$("$host" version | sed -n '1s/^tdls //p')"
[ -n "$version" ] || { echo "release/dist.sh: $host version printed no version"; exit 1; }
echo "== tdls $version"

echo "== archives"
for p in "${platforms[@]}"; do
  read -r os arch _ <<<"$p"
  name="tdls-$version-$os-$arch"
  root="$stage/archive/$name"
  mkdir -p "$root/editors/nvim" "$root/editors/emacs"
  cp "$stage/bin/$os-$arch"/* README.md LICENSE "$root/"
  cp -r editors/nvim/lua "$root/editors/nvim/"
  cp -r editors/nvim/lsp "$root/editors/nvim/"
  cp editors/emacs/tdls.el "$root/editors/emacs/"
  find "$root" -exec touch -h -d "@$epoch" {} +
  if [ "$os" = windows ]; then
    (cd "$stage/archive" && find "$name" -print | LC_ALL=C sort | zip -X -q -@ "$dist/$name.zip")
  else
    tar -C "$stage/archive" --sort=name --owner=0 --group=0 --numeric-owner --mtime="@$epoch" -cf - "$name" \
      | gzip -n -9 >"$dist/$name.tar.gz"
  fi
done

echo "== wheels"
"$go" build -o "$stage/wheel" ./release/wheel
for p in "${platforms[@]}"; do
  read -r os arch _ <<<"$p"
  exe=tdls; [ "$os" = windows ] && exe=tdls.exe
  "$stage/wheel" -binary "$stage/bin/$os-$arch/$exe" -goos "$os" -goarch "$arch" -version "$version" \
    -license LICENSE -epoch "$epoch" -o "$dist" >/dev/null
done

echo "== VS Code extensions"
vscode=editors/vscode
(cd "$vscode" && npx tsc -p . --noEmit && node build.mjs)
for p in "${platforms[@]}"; do
  read -r os arch target <<<"$p"
  rm -rf "$vscode/bin" && mkdir -p "$vscode/bin"
  cp "$stage/bin/$os-$arch"/* "$vscode/bin/"
  (cd "$vscode" && npm run --silent package -- --target "$target" -o "$dist/tdls-$version-$target.vsix" >/dev/null)
done
rm -rf "$vscode/bin"

(cd "$dist" && sha256sum tdls-"$version"-* >SHA256SUMS)
echo "== $dist"
(cd "$dist" && ls -l tdls-"$version"-* SHA256SUMS | awk '{printf "%10d  %s\n", $5, $9}')
