#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Renders the main window under Xvfb (a real X server, not the offscreen platform), light and dark,
# and checks that each result is a PNG of plausible size.
set -euo pipefail
sfdesk=$1
out=$2
mkdir -p "$out"
command -v xvfb-run >/dev/null || { echo "xvfb-run is not installed"; exit 1; }
for scheme in light dark; do
    png="$out/mainwindow-$scheme.png"
    rm -f "$png"
    QT_QPA_PLATFORM=xcb xvfb-run -a -s "-screen 0 1280x800x24" \
        "$sfdesk" --screenshot "$png" --color-scheme "$scheme"
    [ -s "$png" ] || { echo "no screenshot written: $png"; exit 1; }
    head -c 8 "$png" | od -An -tx1 | tr -d ' \n' | grep -q '^89504e470d0a1a0a$' \
        || { echo "not a PNG: $png"; exit 1; }
    size=$(stat -c %s "$png")
    [ "$size" -gt 5000 ] || { echo "screenshot suspiciously small ($size bytes): $png"; exit 1; }
    echo "wrote $png ($size bytes)"
done
