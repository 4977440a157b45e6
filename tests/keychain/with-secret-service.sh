#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Runs a command against a real Secret Service of its own: a private D-Bus session with
# gnome-keyring-daemon, whose keyrings and control folder live in a temporary home removed
# afterwards. The daemon would otherwise write into the home of the machine (or build root) that the
# tests beside this one, the install test among them, see.
#
#   with-secret-service.sh [--no-default-keyring | --no-secret-service] COMMAND...
#
# By default the daemon has an unlocked default keyring ("login"). --no-default-keyring starts it
# with none, as on a desktop where nobody has made one yet: the first secret stored makes the daemon
# ask for a new keyring's password through its prompter, which waits on the display when there is
# one (xvfb-run) and fails at once when there is none. --no-secret-service gives the command a
# private bus on which nothing provides or can start a Secret Service; the command may start
# gnome-keyring-daemon on it later (the home above is its).
set -euo pipefail
mode=unlocked
case "${1:-}" in
--no-default-keyring) mode=no-default-keyring; shift ;;
--no-secret-service) mode=no-secret-service; shift ;;
esac
home=$(mktemp -d)
trap 'rm -rf "$home"' EXIT
export HOME=$home XDG_RUNTIME_DIR=$home/runtime XDG_DATA_HOME=$home/data XDG_CACHE_HOME=$home/cache \
    XDG_CONFIG_HOME=$home/config
mkdir -m 0700 "$XDG_RUNTIME_DIR"
# Not exec'd: the temporary home is removed when the command ends, and its status is the script's.
case $mode in
unlocked)
    dbus-run-session -- bash -c 'echo -n x | gnome-keyring-daemon --unlock --components=secrets >/dev/null && exec "$@"' \
        with-secret-service "$@"
    ;;
no-default-keyring)
    dbus-run-session -- bash -c 'gnome-keyring-daemon --start --components=secrets >/dev/null && exec "$@"' \
        with-secret-service "$@"
    ;;
no-secret-service)
    # A session bus with no service folders: org.freedesktop.secrets is not activatable.
    cat >"$home/bus.conf" <<CONF
<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>session</type>
  <listen>unix:dir=$XDG_RUNTIME_DIR</listen>
  <policy context="default">
    <allow send_destination="*" eavesdrop="true"/>
    <allow eavesdrop="true"/>
    <allow own="*"/>
  </policy>
</busconfig>
CONF
    dbus-run-session --config-file="$home/bus.conf" -- "$@"
    ;;
esac
