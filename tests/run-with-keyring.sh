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
# gnome-keyring-daemon is missing; with MCP_TEST_KEYRING_OPTIONAL=1, it
# runs the command all the same, without a session bus and without
# MCP_TEST_KEYRING, so that a test skips only what needs the keyring.

set -u

missing=
command -v gnome-keyring-daemon >/dev/null 2>&1 || missing="gnome-keyring-daemon (gnome-keyring)"
command -v dbus-run-session >/dev/null 2>&1 || missing="dbus-run-session (dbus)"
if [ -n "$missing" ]; then
    if [ "${MCP_TEST_KEYRING_OPTIONAL:-}" = 1 ]; then
        unset MCP_TEST_KEYRING DBUS_SESSION_BUS_ADDRESS
        exec "$@"
    fi
    echo "1..0 # SKIP $missing is missing"
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

# A preloaded library (the ASan runtime, for a test run by an interpreter
# in .ci/sanitize) is for the command, not for the bus and the keyring.
MCP_TEST_PRELOAD=${LD_PRELOAD:-}
export MCP_TEST_PRELOAD
unset LD_PRELOAD

dbus-run-session -- sh -c '
    printf test | gnome-keyring-daemon --unlock --components=secrets >/dev/null || exit 1
    if [ -n "$MCP_TEST_PRELOAD" ]; then
        LD_PRELOAD=$MCP_TEST_PRELOAD
        export LD_PRELOAD
    fi
    unset MCP_TEST_PRELOAD
    exec "$@"' sh "$@"
