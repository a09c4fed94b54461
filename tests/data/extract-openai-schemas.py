#!/usr/bin/env python3
# extract-openai-schemas.py
#
# Copyright 2026 The mcp-glib authors
#
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# Extracts from OpenAI's OpenAPI document (openapi.json of the repository
# openai/openai-openapi) the schemas of tools, tool calls and tool
# messages of the Chat Completions and Responses APIs, with everything
# they refer to, into openai-tools.schema.json. Run it again on a newer
# document to update the oracle:
#   extract-openai-schemas.py openapi.json COMMIT > openai-tools.schema.json

import json
import sys

ROOTS = [
    "ChatCompletionTool",
    "ChatCompletionMessageToolCall",
    "ChatCompletionRequestToolMessage",
    "ChatCompletionResponseMessage",
    "FunctionTool",
    "FunctionToolCall",
    "FunctionCallOutputItemParam",
]


def refs(node, found):
    if isinstance(node, dict):
        ref = node.get("$ref")
        if isinstance(ref, str) and ref.startswith("#/components/schemas/"):
            found.add(ref.rsplit("/", 1)[1])
        for value in node.values():
            refs(value, found)
    elif isinstance(node, list):
        for value in node:
            refs(value, found)


def main():
    document = json.load(open(sys.argv[1]))
    schemas = document["components"]["schemas"]
    wanted, todo = set(), list(ROOTS)
    while todo:
        name = todo.pop()
        if name in wanted:
            continue
        wanted.add(name)
        found = set()
        refs(schemas[name], found)
        todo.extend(found - wanted)
    out = {
        "$comment": "Extracted by extract-openai-schemas.py from openapi.json of "
                    "https://github.com/openai/openai-openapi at commit %s (MIT licence, "
                    "see LICENSE.openai-openapi)" % sys.argv[2],
        "components": {"schemas": {name: schemas[name] for name in sorted(wanted)}},
    }
    json.dump(out, sys.stdout, indent=1, sort_keys=True)
    sys.stdout.write("\n")


main()
