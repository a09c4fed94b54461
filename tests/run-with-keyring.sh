#!/bin/sh
# run-with-keyring.sh
#
# Copyright 2026 The mcp-glib authors
#
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# Runs a command with a Secret Service of its own, never the user's: a new
# D-Bus session bus (dbus-run-session), on which gnome-keyring-daemon is
# started and unlocked with a throwaway password, and a home, runtime and
# data directory of its own, in a temporary directory that is removed
# afterwards. When the bus goes, the daemon goes with it.
#
# Usage: run-with-keyring.sh COMMAND [ARGUMENT…]
#
# Prints a TAP skip and succeeds when dbus-run-session or
# gnome-keyring-daemon is missing.

set -u

if ! command -v dbus-run-session >/dev/null 2>&1; then
    echo "1..0 # SKIP dbus-run-session (dbus) is missing"
    exit 0
fi
if ! command -v gnome-keyring-daemon >/dev/null 2>&1; then
    echo "1..0 # SKIP gnome-keyring-daemon (gnome-keyring) is missing"
    exit 0
fi

dir=$(mktemp -d "${TMPDIR:-/tmp}/mcp-keyring.XXXXXX") || exit 1
trap 'rm -rf "$dir"' EXIT INT TERM
mkdir -m 700 "$dir/runtime"

HOME=$dir
XDG_RUNTIME_DIR=$dir/runtime
XDG_DATA_HOME=$dir/data
XDG_CONFIG_HOME=$dir/config
XDG_CACHE_HOME=$dir/cache
export HOME XDG_RUNTIME_DIR XDG_DATA_HOME XDG_CONFIG_HOME XDG_CACHE_HOME
unset DBUS_SESSION_BUS_ADDRESS GNOME_KEYRING_CONTROL DISPLAY WAYLAND_DISPLAY

dbus-run-session -- sh -c '
    printf test | gnome-keyring-daemon --unlock --components=secrets >/dev/null || exit 1
    exec "$@"' sh "$@"
