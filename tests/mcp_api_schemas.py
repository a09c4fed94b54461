# mcp_api_schemas.py
#
# Copyright 2026 The mcp-glib authors
#
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# The model APIs' published schemas (tests/data/*.schema.json), and a small
# JSON Schema validator for them: the keywords those documents use
# ($ref, type, enum, const, properties, required, additionalProperties,
# items, anyOf, oneOf, allOf, not, pattern, lengths, bounds). check() says what
# is wrong with a tool definition, a call or a result of an API, as a list
# of messages (empty when all is well). Shared by test_toolbox.py and the
# scripted model server, mcp-model-test-server.py.

import json
import os
import re

DATA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "data")

# OpenAI's rule for function names, from FunctionObject.name's description
# in the OpenAPI document (the schema itself has no pattern).
OPENAI_NAME = re.compile(r"^[a-zA-Z0-9_-]{1,64}$")

# For each API: its document, and the schema of each kind of value.
APIS = {
    "openai": ("openai-tools.schema.json", {
        "tool": "ChatCompletionTool",
        "message": "ChatCompletionResponseMessage",
        "call": "ChatCompletionMessageToolCall",
        "result": "ChatCompletionRequestToolMessage",
    }),
    "openai-responses": ("openai-tools.schema.json", {
        "tool": "FunctionTool",
        "call": "FunctionToolCall",
        "result": "FunctionCallOutputItemParam",
    }),
    "anthropic": ("anthropic-tools.schema.json", {
        "tool": "Tool",
        "call": "ToolUseBlock",
        "result": "ToolResultMessage",
    }),
    "gemini": ("gemini-tools.schema.json", {
        "tool": "Tool",
        "call": "FunctionCall",
        "result": "Content",
    }),
    "ollama": ("ollama-tools.schema.json", {
        "tool": "Tool",
        "call": "ToolCall",
        "result": "ToolMessage",
    }),
}

_documents = {}


def _document(name):
    if name not in _documents:
        with open(os.path.join(DATA, name)) as f:
            _documents[name] = json.load(f)
    return _documents[name]


def _resolve(root, ref):
    if not ref.startswith("#/"):
        raise ValueError("unsupported $ref %s" % ref)
    node = root
    for part in ref[2:].split("/"):
        node = node[part.replace("~1", "/").replace("~0", "~")]
    return node


def _type_ok(value, name):
    if name == "object":
        return isinstance(value, dict)
    if name == "array":
        return isinstance(value, list)
    if name == "string":
        return isinstance(value, str)
    if name == "boolean":
        return isinstance(value, bool)
    if name == "null":
        return value is None
    if name == "integer":
        return isinstance(value, int) and not isinstance(value, bool) or \
            isinstance(value, float) and value.is_integer()
    if name == "number":
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    raise ValueError("unknown type %s" % name)


def validate(value, schema, root, path="$"):
    """The list of what is wrong with value against schema."""
    if schema is True or schema == {}:
        return []
    if schema is False:
        return ["%s: nothing is allowed here" % path]
    errors = []
    if "$ref" in schema:
        errors += validate(value, _resolve(root, schema["$ref"]), root, path)
    if "type" in schema:
        types = schema["type"] if isinstance(schema["type"], list) else [schema["type"]]
        if not any(_type_ok(value, t) for t in types):
            return errors + ["%s: %r is not of type %s" % (path, value, "/".join(types))]
    if "enum" in schema and value not in schema["enum"]:
        errors.append("%s: %r is not one of %r" % (path, value, schema["enum"]))
    if "const" in schema and value != schema["const"]:
        errors.append("%s: %r is not %r" % (path, value, schema["const"]))
    if isinstance(value, str):
        if "pattern" in schema and not re.search(schema["pattern"], value):
            errors.append("%s: %r does not match %s" % (path, value, schema["pattern"]))
        if len(value) < schema.get("minLength", 0):
            errors.append("%s: shorter than %d" % (path, schema["minLength"]))
        if "maxLength" in schema and len(value) > schema["maxLength"]:
            errors.append("%s: longer than %d" % (path, schema["maxLength"]))
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        if "minimum" in schema and value < schema["minimum"]:
            errors.append("%s: below %r" % (path, schema["minimum"]))
        if "maximum" in schema and value > schema["maximum"]:
            errors.append("%s: above %r" % (path, schema["maximum"]))
    if isinstance(value, list):
        if len(value) < schema.get("minItems", 0):
            errors.append("%s: fewer than %d items" % (path, schema["minItems"]))
        if "maxItems" in schema and len(value) > schema["maxItems"]:
            errors.append("%s: more than %d items" % (path, schema["maxItems"]))
        if isinstance(schema.get("items"), dict):
            for i, item in enumerate(value):
                errors += validate(item, schema["items"], root, "%s[%d]" % (path, i))
    if isinstance(value, dict):
        properties = schema.get("properties", {})
        for name in schema.get("required", []):
            if name not in value:
                errors.append("%s: %s is required" % (path, name))
        for name, member in value.items():
            where = "%s.%s" % (path, name)
            if name in properties:
                errors += validate(member, properties[name], root, where)
            elif schema.get("additionalProperties") is False:
                errors.append("%s: not allowed" % where)
            elif isinstance(schema.get("additionalProperties"), dict):
                errors += validate(member, schema["additionalProperties"], root, where)
    for keyword in ("anyOf", "oneOf"):
        if keyword in schema:
            matches = [validate(value, s, root, path) for s in schema[keyword]]
            n_ok = sum(1 for m in matches if not m)
            if n_ok == 0:
                errors.append("%s: matches none of %s (%s)" % (path, keyword,
                              "; ".join(m[0] for m in matches if m)))
            elif keyword == "oneOf" and n_ok > 1:
                errors.append("%s: matches %d of oneOf" % (path, n_ok))
    for sub in schema.get("allOf", []):
        errors += validate(value, sub, root, path)
    if "not" in schema and not validate(value, schema["not"], root, path):
        errors.append("%s: matches what is not allowed" % path)
    return errors


def check(api, kind, value):
    """What is wrong with value, a kind ("tool", "call", "message",
    "result") of the API's JSON."""
    document_name, kinds = APIS[api]
    root = _document(document_name)
    errors = validate(value, root["components"]["schemas"][kinds[kind]], root,
                      "%s %s" % (api, kind))
    if kind == "tool" and api in ("openai", "openai-responses"):
        name = value.get("function", {}).get("name") if api == "openai" else value.get("name")
        if not isinstance(name, str) or not OPENAI_NAME.match(name):
            errors.append("%s tool: the name %r breaks OpenAI's rule" % (api, name))
    return errors


def check_all(api, kind, values):
    """check() for each of a list."""
    errors = []
    for value in values:
        errors += check(api, kind, value)
    return errors
