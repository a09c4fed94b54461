#!/bin/sh
# run-headless.sh
#
# Copyright 2026 The mcp-glib authors
#
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# Runs a program on a headless Wayland display of its own: weston's
# headless backend, with a private XDG_RUNTIME_DIR and HOME, ended (with
# the directory) when the program ends, on a private session bus
# (dbus-run-session). What services that bus starts print (the
# accessibility registry does) is dropped: the program's output is TAP.

dir=$(mktemp -d) || exit 1
weston=
cleanup () {
  if [ -n "$weston" ]; then
    kill "$weston" 2>/dev/null
    wait "$weston" 2>/dev/null
  fi
  rm -rf "$dir"
}
trap cleanup EXIT INT TERM

mkdir -m 700 "$dir/runtime" "$dir/home"
XDG_RUNTIME_DIR="$dir/runtime"
HOME="$dir/home"
WAYLAND_DISPLAY=wayland-mcp-test
GDK_BACKEND=wayland
GSETTINGS_BACKEND=memory
GTK_A11Y=none
NO_AT_BRIDGE=1
export XDG_RUNTIME_DIR HOME WAYLAND_DISPLAY GDK_BACKEND GSETTINGS_BACKEND GTK_A11Y NO_AT_BRIDGE
unset DISPLAY
# Under AddressSanitizer (.ci/sanitize): GTK and WebKit keep what they
# allocate until the process ends, so leaks are not looked for here (the
# host protocol's are, by test-app-session); and unwinding the slow way at
# every malloc makes GTK take minutes to show a window.
if [ -n "$ASAN_OPTIONS" ]; then
  ASAN_OPTIONS=$(echo "$ASAN_OPTIONS" | sed 's/fast_unwind_on_malloc=0/fast_unwind_on_malloc=1/'):detect_leaks=0
  export ASAN_OPTIONS
fi

weston --backend=headless-backend.so --socket=wayland-mcp-test --width=1024 --height=768 \
  --idle-time=0 >"$dir/weston.log" 2>&1 &
weston=$!
i=0
while [ ! -S "$XDG_RUNTIME_DIR/wayland-mcp-test" ]; do
  i=$((i + 1))
  if [ $i -gt 200 ]; then
    echo "Bail out! weston did not start" && cat "$dir/weston.log" >&2
    exit 1
  fi
  sleep 0.05
done

exec 3>&1
dbus-run-session -- sh -c 'exec "$@" 1>&3 3>&-' sh "$@" >/dev/null
