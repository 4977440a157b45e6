#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Compiler launcher of a build checked by clazy (SFDESK_CLAZY): runs the compile it is given and
# fails it when clazy found something, as -Werror would. Kept out of the compiler's flags so that
# the compiler cache serves the same objects (and replays the same findings) either way.
stderr=$(mktemp) || exit 1
trap 'rm -f "$stderr"' EXIT
"$@" 2>"$stderr"
status=$?
cat "$stderr" >&2
if [ "$status" = 0 ] && grep -q -- '\[-Wclazy-' "$stderr"; then
    # The object goes too, so that the next build compiles the file again.
    previous=
    for arg in "$@"; do
        [ "$previous" = -o ] && rm -f -- "$arg"
        previous=$arg
    done
    echo "error: clazy's findings above fail this compile" >&2
    exit 1
fi
exit "$status"
