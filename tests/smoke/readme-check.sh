#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Fails when the README does not open with its two commands in a code block (so that Markdown shows
# them as two lines to copy), when CI does not run the README's test command, or when a relative
# link or image of README.md, CONTRIBUTING.md or docs/*.md names a file that is not there.
set -euo pipefail
cd "${1:?usage: readme-check.sh SOURCE_DIR}"
status=0

expected=$'```sh\ninstaller/sfdesk-env run\ninstaller/sfdesk-env test\n```'
if [ "$(head -n 4 README.md)" != "$expected" ]; then
    echo "README.md does not open with the two commands in a sh code block:"
    printf '%s\n' "$expected" | sed 's/^/  want: /'
    head -n 4 README.md | sed 's/^/  have: /'
    status=1
fi
grep -qx 'installer/sfdesk-env test </dev/null' .ci/run \
    || { echo ".ci/run does not run the README's test command"; status=1; }

docs=(README.md CONTRIBUTING.md docs/*.md)
for doc in "${docs[@]}"; do
    [ -f "$doc" ] || { echo "missing: $doc"; status=1; continue; }
    dir=$(dirname "$doc")
    # Targets of [text](target) and ![alt](target), without an anchor; web links are not checked.
    while IFS= read -r target; do
        case "$target" in http://* | https://* | mailto:* | '#'* | '') continue ;; esac
        path=${target%%#*}
        [ -e "$dir/$path" ] || { echo "$doc: link to a missing file: $target"; status=1; }
    done < <(grep -o '\]([^)]*)' "$doc" | sed 's/^](\(.*\))$/\1/')
done
[ "$status" = 0 ] && echo "readme: opens with the two commands; links of ${#docs[@]} documents resolve"
exit $status
