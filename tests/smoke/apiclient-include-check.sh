#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Fails when a widget reaches for the API client: no file under src/gui includes
# core/api/apiclient.h. Views and dialogs read the connection's Session models and ask the Session's
# actions, which refresh what a write affects; the request bodies are in core/api/requests.h, ApiError
# in core/api/apierror.h.
# No file is exempt: the connections and their clients are the ConnectionManager's (core), which
# also checks a profile's address, CA file and proxy for the connections dialog.
set -euo pipefail
gui=${1:?usage: apiclient-include-check.sh SOURCE_DIR}/src/gui
[ -d "$gui" ] || { echo "no src/gui under $1"; exit 1; }

findings=$(
    grep -rnE --include='*.cpp' --include='*.h' '^\s*#\s*include\s*["<]core/api/apiclient\.h[">]' "$gui" |
        sort || true
)
if [ -n "$findings" ]; then
    printf '%s\n' "$findings" | sed "s|$gui/|src/gui/|"
    echo "apiclient.h in src/gui: $(printf '%s\n' "$findings" | wc -l) found (ask the Session instead)"
    exit 1
fi
echo "apiclient.h in src/gui: none in $(find "$gui" \( -name '*.cpp' -o -name '*.h' \) | wc -l) files"
