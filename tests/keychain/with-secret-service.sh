#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Runs a command against a real Secret Service of its own: a private D-Bus session with
# gnome-keyring-daemon, unlocked, whose keyrings and control folder live in a temporary home removed
# afterwards. The daemon would otherwise write into the home of the machine (or build root) that the
# tests beside this one, the install test among them, see.
set -euo pipefail
home=$(mktemp -d)
trap 'rm -rf "$home"' EXIT
export HOME=$home XDG_RUNTIME_DIR=$home/runtime XDG_DATA_HOME=$home/data XDG_CACHE_HOME=$home/cache \
    XDG_CONFIG_HOME=$home/config
mkdir -m 0700 "$XDG_RUNTIME_DIR"
# Not exec'd: the temporary home is removed when the command ends, and its status is the script's.
dbus-run-session -- bash -c 'echo -n x | gnome-keyring-daemon --unlock --components=secrets >/dev/null && exec "$@"' \
    with-secret-service "$@"
