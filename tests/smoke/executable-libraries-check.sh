#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Fails when the sfdesk executable links Qt Network or KSyntaxHighlighting. The dynamic loader maps a
# linked library, and everything it links (Qt Network brings libproxy, libcurl, GnuTLS, Kerberos,
# ...), before main(): the window would wait for them. The code that needs them is in modules the
# app loads after the window's first frame (sfdesk-network.so, sfdesk-highlighting.so).
set -euo pipefail
executable=${1:?usage: executable-libraries-check.sh EXECUTABLE}
[ -f "$executable" ] || { echo "no executable $executable"; exit 1; }

needed=$(readelf -d "$executable" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p')
[ -n "$needed" ] || { echo "readelf lists no library that $executable needs"; exit 1; }
findings=$(printf '%s\n' "$needed" | grep -E '^lib(Qt6Network|KF6SyntaxHighlighting)\.so' || true)
if [ -n "$findings" ]; then
    printf '%s\n' "$findings"
    echo "libraries loaded before main() that must be modules: $(printf '%s\n' "$findings" | wc -l) found"
    exit 1
fi
echo "libraries loaded before main() that must be modules: none of $(printf '%s\n' "$needed" | wc -l)"
