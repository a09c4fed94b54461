#!/usr/bin/python3
# agent-chat.py
#
# Copyright 2026 The mcp-glib authors
#
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# A chat with a language model that uses the tools of the MCP servers the
# user configured (~/.config/mcp/mcp.json and the other places
# McpServerRegistry reads, or the files given with --config), through any
# endpoint compatible with OpenAI's Chat Completions: OpenAI itself,
# llama.cpp's server, Ollama, vLLM... (OPENAI_BASE_URL, OPENAI_API_KEY).
# McpToolbox offers the tools, runs the calls the model asks for, and
# turns their results into tool messages. A tool that is not annotated
# read-only runs only after the user says yes on the terminal.
#
#   OPENAI_BASE_URL=http://localhost:11434/v1 ./agent-chat.py --model llama3.2
#
# Each line typed is a message; an empty line or end of input quits.

import argparse
import json
import os
import sys
import urllib.error
import urllib.request

import gi

gi.require_version("Mcp", "1")
from gi.repository import Gio, GLib, Mcp  # noqa: E402


def wait(start):
    """Calls start(callback) and runs a main loop until the callback fires."""
    loop = GLib.MainLoop()
    results = []
    start(lambda source, result: (results.append(result), loop.quit()))
    loop.run()
    return results[0]


def ask_user(toolbox, call):
    """Approval, asked on the terminal, for the calls that may change things."""
    if call.get_read_only():
        return False  # the toolbox runs read-only tools by itself
    print("\nThe model wants to call %s on %s with %s" % (
        call.get_tool().get_display_name(), call.get_server_name(),
        json.dumps(call.get_arguments())), flush=True)
    print("Allow it? [y/N] ", end="", flush=True)
    answer = sys.stdin.readline().strip().lower()
    if answer in ("y", "yes"):
        call.approve()
    else:
        call.deny("the user said no")
    return True


def complete(base_url, api_key, body):
    request = urllib.request.Request(base_url.rstrip("/") + "/chat/completions",
                                     data=json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json",
                                              "Authorization": "Bearer " + api_key})
    try:
        with urllib.request.urlopen(request, timeout=600) as response:
            return json.load(response)
    except urllib.error.HTTPError as error:
        sys.exit("The model's server answered %d: %s" % (error.code, error.read().decode()))


def main():
    parser = argparse.ArgumentParser(description="Chat with a model that uses your MCP servers.")
    parser.add_argument("--model", default=os.environ.get("OPENAI_MODEL", "gpt-4o-mini"))
    parser.add_argument("--config", action="append", default=[],
                        help="read the servers from this file instead (repeatable)")
    options = parser.parse_args()
    base_url = os.environ.get("OPENAI_BASE_URL", "https://api.openai.com/v1")
    api_key = os.environ.get("OPENAI_API_KEY", "none")

    if options.config:
        registry = Mcp.ServerRegistry.new_empty()
        for path in options.config:
            registry.add_file(Gio.File.new_for_path(path))
    else:
        registry = Mcp.ServerRegistry.new()
    group = Mcp.ClientGroup.new_for_registry(registry)
    group.connect_finish(wait(lambda cb: group.connect_async(None, cb)))
    for server in group.props.servers:
        error = server.props.error
        if error is not None:
            print("%s: %s" % (server.props.name, error.message), file=sys.stderr)

    toolbox = Mcp.Toolbox.new(group, Mcp.ToolboxFormat.OPENAI)
    toolbox.connect("approve-call", ask_user)
    print("%d tools from %d servers. Type a message; an empty line quits." % (
        toolbox.props.tools.get_n_items(), group.props.servers.get_n_items()), flush=True)

    messages = []
    while True:
        print("> ", end="", flush=True)
        line = sys.stdin.readline()
        if not line.strip():
            break
        messages.append({"role": "user", "content": line.strip()})
        while True:
            response = complete(base_url, api_key, {"model": options.model, "messages": messages,
                                                    "tools": toolbox.dup_definitions()})
            message = response["choices"][0]["message"]
            messages.append(message)
            results = toolbox.run_finish(wait(lambda cb: toolbox.run_async(response,
                                                                                     None, cb)))
            if not results:
                print(message.get("content") or "", flush=True)
                break
            messages += results

    group.close_finish(wait(lambda cb: group.close_async(None, cb)))


if __name__ == "__main__":
    main()
