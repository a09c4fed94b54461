# Mcp.py
#
# Copyright 2026 The mcp-glib authors
#
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# The PyGObject override of mcp-glib: where the C API takes JSON (a
# Json.Object or a Json.Node), Python code may pass plain values (dict,
# list, str, int, float, bool, None), and the JSON a program usually wants
# to read comes back as plain values too. Every C name keeps working as
# before, with the json-glib types.
#
# Installed into PyGObject's overrides directory (mcp-glib/meson.build);
# the tests find it uninstalled through PYTHONPATH.

import collections.abc
import json
import math

from ..module import get_introspection_module
from ..overrides import override

from gi.repository import Json

Mcp = get_introspection_module("Mcp")

__all__ = []

# json-glib holds integers as gint64 (a larger one silently becomes -1) and
# strings as C strings (cut at the first NUL): such values are refused
# rather than sent changed.
_INT64_MIN = -(1 << 63)
_INT64_MAX = (1 << 63) - 1


def _check(value, where):
    if value is None or isinstance(value, bool):
        return
    if isinstance(value, float):
        if not math.isfinite(value):
            raise ValueError("%s: %r is not a JSON number" % (where, value))
    elif isinstance(value, int):
        if not _INT64_MIN <= value <= _INT64_MAX:
            raise ValueError("%s: the integer %d does not fit in 64 bits" % (where, value))
    elif isinstance(value, str):
        if "\0" in value:
            raise ValueError("%s: a string contains a NUL character" % where)
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            raise ValueError("%s: a string is not valid Unicode (a lone surrogate)"
                             % where) from None
    elif isinstance(value, collections.abc.Mapping):
        for key, member in value.items():
            if not isinstance(key, str):
                raise TypeError("%s: member names must be str, not %s"
                                % (where, type(key).__name__))
            _check(key, where)
            _check(member, "%s[%r]" % (where, key))
    elif isinstance(value, (list, tuple)):
        for index, element in enumerate(value):
            _check(element, "%s[%d]" % (where, index))
    else:
        raise TypeError("%s: %s is not a JSON value (use dict, list, str, int, float, "
                        "bool or None)" % (where, type(value).__name__))


def _to_node(value, where):
    """A Json.Node from a Python value; a Json.Node passes unchanged."""
    if isinstance(value, Json.Node):
        return value
    if value is None:
        return None
    _check(value, where)
    # _check let through nothing but JSON values; json only needs to be told
    # how to write a mapping that is not a dict.
    text = json.dumps(value, allow_nan=False, ensure_ascii=False, default=dict)
    return Json.from_string(text)


def _to_object(value, where):
    """A Json.Object from a mapping; a Json.Object (or None) passes unchanged."""
    if value is None or isinstance(value, Json.Object):
        return value
    if not isinstance(value, collections.abc.Mapping):
        raise TypeError("%s must be a dict (or a Json.Object), not %s"
                        % (where, type(value).__name__))
    return _to_node(value, where).get_object()


def _to_python(node):
    """A Python value from a Json.Node (None for NULL)."""
    if node is None:
        return None
    return json.loads(Json.to_string(node, False))


class Client(Mcp.Client):

    def call_tool_async(self, name, arguments=None, *args, **kwargs):
        """Calls the tool name; arguments may be a dict, a Json.Object or None."""
        return Mcp.Client.call_tool_async(self, name, _to_object(arguments, "arguments"),
                                          *args, **kwargs)

    def call_tool_full_async(self, name, arguments=None, *args, **kwargs):
        """Calls the tool name with options; arguments may be a dict, a
        Json.Object or None."""
        return Mcp.Client.call_tool_full_async(self, name, _to_object(arguments, "arguments"),
                                               *args, **kwargs)

    def request_async(self, method, params=None, *args, **kwargs):
        """Sends the request method; params may be a dict, a list, a
        Json.Node or None."""
        return Mcp.Client.request_async(self, method, _to_node(params, "params"),
                                        *args, **kwargs)

    def request_full_async(self, method, params=None, *args, **kwargs):
        """Sends the request method with options; params may be a dict, a
        list, a Json.Node or None."""
        return Mcp.Client.request_full_async(self, method, _to_node(params, "params"),
                                             *args, **kwargs)

    def notify_async(self, method, params=None, *args, **kwargs):
        """Sends the notification method; params may be a dict, a list, a
        Json.Node or None."""
        return Mcp.Client.notify_async(self, method, _to_node(params, "params"),
                                       *args, **kwargs)

    def set_capability(self, name, settings):
        """Declares the capability name; settings may be a dict, a
        Json.Object or None."""
        return Mcp.Client.set_capability(self, name, _to_object(settings, "settings"))


Client = override(Client)
__all__.append("Client")


class ToolResult(Mcp.ToolResult):

    @property
    def structured(self):
        """The structured content as Python values (a dict, usually), or
        None when the tool returned none."""
        return _to_python(self.get_structured_content())


ToolResult = override(ToolResult)
__all__.append("ToolResult")


class ServerRequest(Mcp.ServerRequest):

    @property
    def params(self):
        """The parameters of the request as Python values (a dict), or None
        when it has none."""
        return _to_python(self.get_params())

    def reply(self, result=None):
        """Answers with result, a dict or a Json.Node (None sends an empty
        object)."""
        return Mcp.ServerRequest.reply(self, _to_node(result, "result"))

    def reply_elicitation(self, action, content=None):
        """Answers an elicitation; content may be a dict, a Json.Object or
        None."""
        return Mcp.ServerRequest.reply_elicitation(self, action,
                                                   _to_object(content, "content"))


ServerRequest = override(ServerRequest)
__all__.append("ServerRequest")


class ServerConfig(Mcp.ServerConfig):

    @staticmethod
    def new(name, json):
        """A configuration from the JSON of an entry; json may be a dict or a
        Json.Object."""
        return Mcp.ServerConfig.new(name, _to_object(json, "json"))

    def set_json(self, json):
        """Replaces the entry; json may be a dict or a Json.Object."""
        return Mcp.ServerConfig.set_json(self, _to_object(json, "json"))

    def set_env(self, env):
        """Sets the environment variables; env may be a dict, a Json.Object
        or None."""
        return Mcp.ServerConfig.set_env(self, _to_object(env, "env"))

    def set_headers(self, headers):
        """Sets the HTTP headers; headers may be a dict, a Json.Object or
        None."""
        return Mcp.ServerConfig.set_headers(self, _to_object(headers, "headers"))

    @property
    def entry(self):
        """The whole entry as Python values (a dict)."""
        return _to_python(Json.Node.alloc().init_object(self.get_json()))


ServerConfig = override(ServerConfig)
__all__.append("ServerConfig")


class ClientGroup(Mcp.ClientGroup):

    def call_tool_async(self, name, arguments=None, *args, **kwargs):
        """Calls the tool name of the group; arguments may be a dict, a
        Json.Object or None."""
        return Mcp.ClientGroup.call_tool_async(self, name, _to_object(arguments, "arguments"),
                                               *args, **kwargs)


ClientGroup = override(ClientGroup)
__all__.append("ClientGroup")
