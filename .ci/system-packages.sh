#!/usr/bin/env bash
# Install the Debian packages the tests need (a browser for the web table's end-to-end
# tests, a PostgreSQL server for its persistence tests) when they are missing. Run as
# root. Quiet when all goes well; on a failure the apt output is shown.
set -euo pipefail

missing=()
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
dpkg -s postgresql >/dev/null 2>&1 || missing+=(postgresql)
[ "${#missing[@]}" -eq 0 ] && exit 0

if [ "$(id -u)" != 0 ]; then
    echo "system-packages.sh: missing ${missing[*]} and not root: install them by hand" >&2
    exit 1
fi

log="$(mktemp)"
trap 'rm -f "$log"' EXIT
run() {
    if ! "$@" >"$log" 2>&1; then
        cat "$log" >&2
        echo "system-packages.sh: failed: $*" >&2
        exit 1
    fi
}

export DEBIAN_FRONTEND=noninteractive
echo "system-packages.sh: installing ${missing[*]}" >&2
run apt-get update -q
run apt-get install -y -q "${missing[@]}"
