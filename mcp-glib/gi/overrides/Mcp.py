# Mcp.py
#
# Copyright 2026 The mcp-glib authors
#
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# The PyGObject override of mcp-glib: Python code sees plain Python values
# (dict, list, str, int, float, bool, None) wherever the C API has JSON.
# Arguments may be given as plain values (or, as before, as json-glib
# types); return values, signal arguments, properties and the messages a
# transport written in Python receives come back as plain values.
#
# Nothing here lists methods by hand: the override walks the typelib and
# wraps every function, method, signal, property and virtual method of the
# Mcp namespace whose arguments or return value are Json.Node, Json.Object
# or Json.Array, so that API added later is covered as well. The finish
# methods of Client and ClientGroup also keep an error's data on the
# exception they raise (see the end of this file).
#
# Installed into PyGObject's overrides directory (mcp-glib/meson.build);
# the tests find it uninstalled through PYTHONPATH.

import collections.abc
import functools
import json
import math

from ..module import get_introspection_module
from ..overrides import override

from gi._gi import Repository
from gi.repository import GLib, GObject, Json

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


def _to_array(value, where):
    """A Json.Array from a list; a Json.Array (or None) passes unchanged."""
    if value is None or isinstance(value, Json.Array):
        return value
    if not isinstance(value, (list, tuple)):
        raise TypeError("%s must be a list (or a Json.Array), not %s"
                        % (where, type(value).__name__))
    return _to_node(value, where).get_array()


_TO_JSON = {"Node": _to_node, "Object": _to_object, "Array": _to_array}


def _to_python(value):
    """Plain Python values for every json-glib value in value (a Json.Node,
    Json.Object or Json.Array, or a tuple or list of values as PyGObject
    returns out arguments); anything else passes unchanged."""
    if isinstance(value, Json.Node):
        return json.loads(Json.to_string(value, False))
    if isinstance(value, Json.Object):
        return _to_python(Json.Node.alloc().init_object(value))
    if isinstance(value, Json.Array):
        return _to_python(Json.Node.alloc().init_array(value))
    if isinstance(value, tuple):
        return tuple(_to_python(v) for v in value)
    if isinstance(value, list):
        return [_to_python(v) for v in value]
    return value


# Walking the typelib ------------------------------------------------------

def _json_kind(type_info):
    """'Node', 'Object' or 'Array' for a json-glib type, '*' for a container
    of them, else None."""
    tag = type_info.get_tag_as_string()
    if tag == "interface":
        iface = type_info.get_interface()
        if iface.get_namespace() == "Json" and iface.get_name() in _TO_JSON:
            return iface.get_name()
    elif tag in ("array", "glist", "gslist", "ghash"):
        for n in range(2):
            param = type_info.get_param_type(n)
            if param is not None and _json_kind(param) is not None:
                return "*"
    return None


_DIRECTION_IN = 0
_DIRECTION_INOUT = 2


def _visible_in_args(callable_info):
    """The in arguments Python passes, in order, as (name, json kind)."""
    args = callable_info.get_arguments()
    hidden = set()
    for arg in args:
        type_info = arg.get_type()
        for index in (arg.get_closure(), arg.get_destroy(), type_info.get_array_length()):
            if index >= 0:
                hidden.add(index)
    visible = []
    for index, arg in enumerate(args):
        if index in hidden or arg.get_direction() not in (_DIRECTION_IN, _DIRECTION_INOUT):
            continue
        visible.append((arg.get_name(), _json_kind(arg.get_type())))
    return visible


def _takes_or_gives_json(callable_info):
    if _json_kind(callable_info.get_return_type()) is not None:
        return True
    return any(_json_kind(arg.get_type()) is not None for arg in callable_info.get_arguments())


def _wrap_callable(function, callable_info, is_method):
    """function with its JSON arguments converted from Python values, and
    JSON in its return value (and out arguments) converted to them."""
    converters = [(index, name, _TO_JSON.get(kind))
                  for index, (name, kind) in enumerate(_visible_in_args(callable_info))
                  if kind in _TO_JSON]
    offset = 1 if is_method else 0

    @functools.wraps(function)
    def wrapper(*args, **kwargs):
        args = list(args)
        for index, name, convert in converters:
            if index + offset < len(args):
                args[index + offset] = convert(args[index + offset], name)
            elif name in kwargs:
                kwargs[name] = convert(kwargs[name], name)
        return _to_python(function(*args, **kwargs))

    wrapper.__mcp_json__ = True
    return wrapper


def _python_method(method):
    """A virtual method that gets plain values for the json-glib values it
    is given."""
    @functools.wraps(method)
    def wrapper(*args, **kwargs):
        return method(*[_to_python(a) for a in args], **kwargs)

    return wrapper


class _PythonHandler(object):
    """A signal handler that gets plain values for the json-glib values it
    is given. It compares equal to the handler it wraps, so that
    disconnect_by_func() and handler_block_by_func() find it."""

    def __init__(self, handler):
        self._handler = handler

    def __call__(self, *args, **kwargs):
        return self._handler(*[_to_python(a) for a in args], **kwargs)

    def __eq__(self, other):
        if isinstance(other, _PythonHandler):
            other = other._handler
        return self._handler == other

    def __hash__(self):
        return hash(self._handler)


class _PythonProps(object):
    """obj.props, with json-glib values read and written as plain values."""

    def __init__(self, obj, props):
        object.__setattr__(self, "_obj", obj)
        object.__setattr__(self, "_props", props)

    def __getattr__(self, name):
        return _to_python(getattr(self._props, name))

    def __setattr__(self, name, value):
        pspec = self._obj.find_property(name.replace("_", "-"))
        for json_type, convert in _TO_JSON.items():
            if pspec is not None and pspec.value_type == getattr(Json, json_type).__gtype__:
                value = convert(value, name)
        setattr(self._props, name, value)

    def __dir__(self):
        return dir(self._props)


class _PropsDescriptor(object):

    def __init__(self, original):
        self._original = original

    def __get__(self, obj, cls):
        props = self._original.__get__(obj, cls)
        return props if obj is None else _PythonProps(obj, props)


def _has_json_property(info):
    return any(_json_kind(p.get_type()) is not None for p in info.get_properties())


def _has_json_signal(info):
    return any(_takes_or_gives_json(s) for s in info.get_signals())


def _override_class(info):
    """An override of the class (or boxed type) info, or None when it has
    no JSON anywhere."""
    name = info.get_name()
    base = getattr(Mcp, name)
    namespace = {"__module__": __name__, "__doc__": base.__doc__}
    kind = type(info).__name__

    for method in info.get_methods():
        if _takes_or_gives_json(method):
            function = getattr(base, method.get_name())
            wrapped = _wrap_callable(function, method, method.is_method())
            namespace[method.get_name()] = (wrapped if method.is_method()
                                            else staticmethod(wrapped))

    if kind in ("ObjectInfo", "InterfaceInfo"):
        json_vfuncs = [v.get_name() for v in info.get_vfuncs() if _takes_or_gives_json(v)]
        if json_vfuncs:
            namespace["__init_subclass__"] = _init_subclass(json_vfuncs)

        if _has_json_signal(info):
            def connect(self, detailed_signal, handler, *args, **kwargs):
                return base.connect(self, detailed_signal, _PythonHandler(handler),
                                    *args, **kwargs)

            def connect_after(self, detailed_signal, handler, *args, **kwargs):
                return base.connect_after(self, detailed_signal, _PythonHandler(handler),
                                          *args, **kwargs)

            namespace["connect"] = connect
            namespace["connect_after"] = connect_after

        if kind == "ObjectInfo" and _has_json_property(info):
            def get_property(self, property_name):
                return _to_python(base.get_property(self, property_name))

            def set_property(self, property_name, value):
                pspec = self.find_property(property_name.replace("_", "-"))
                for json_type, convert in _TO_JSON.items():
                    if pspec is not None and pspec.value_type == getattr(Json, json_type).__gtype__:
                        value = convert(value, property_name)
                return base.set_property(self, property_name, value)

            namespace["get_property"] = get_property
            namespace["set_property"] = set_property
            namespace["props"] = _PropsDescriptor(_find_props(base))

    if len(namespace) == 2:
        return None
    return type(name, (base,), namespace)


def _find_props(cls):
    for klass in cls.__mro__:
        if "props" in klass.__dict__:
            return klass.__dict__["props"]
    raise AttributeError("props")


def _init_subclass(json_vfuncs):
    def __init_subclass__(cls, **kwargs):
        # Runs before PyGObject hooks the do_ methods up to the class.
        for vfunc in json_vfuncs:
            method = cls.__dict__.get("do_" + vfunc)
            if method is not None:
                setattr(cls, "do_" + vfunc, _python_method(method))

    return __init_subclass__


def _override_namespace():
    repository = Repository.get_default()
    for info in repository.get_infos("Mcp"):
        kind = type(info).__name__
        if kind in ("ObjectInfo", "InterfaceInfo", "StructInfo"):
            cls = _override_class(info)
            if cls is not None:
                globals()[info.get_name()] = override(cls)
                __all__.append(info.get_name())
        elif kind == "FunctionInfo" and _takes_or_gives_json(info):
            function = _wrap_callable(getattr(Mcp, info.get_name()), info, False)
            function.__module__ = __name__
            globals()[info.get_name()] = function
            __all__.append(info.get_name())


_override_namespace()


# The data of an error response (Mcp.error_get_data()). PyGObject keeps
# only the domain, the code and the message of a GError in the GLib.Error it
# raises, and frees the GError right before: the library keeps the last
# error of its domain freed on each thread for a request whose message
# ends with this mark, and nothing else (mcp-error.c). So each finish
# method that may fail with a server's error asks at once, and the
# exception keeps its own data.
_HANDOFF_MARK = "\x1emcp-glib-error-data"
_NO_DATA = object()
_error_get_data = globals()["error_get_data"]


def _keeping_error_data(finish):
    @functools.wraps(finish)
    def wrapper(*args, **kwargs):
        try:
            return finish(*args, **kwargs)
        except GLib.Error as error:
            if error.domain == "mcp-error-quark":
                request = GLib.Error(error.message + _HANDOFF_MARK, error.domain, error.code)
                error._mcp_data = _error_get_data(request)
            raise

    return wrapper


def error_get_data(error):
    """The data of the error response a GLib.Error raised by mcp-glib came
    from, as plain Python values, or None."""
    data = getattr(error, "_mcp_data", _NO_DATA)
    if data is not _NO_DATA:
        return data
    return _error_get_data(error)


error_get_data.__module__ = __name__
error_get_data.__mcp_json__ = True
globals()["error_get_data"] = error_get_data

for _name in ("Client", "ClientGroup"):
    _cls = globals().get(_name)
    if _cls is None:
        _cls = override(type(_name, (getattr(Mcp, _name),), {"__module__": __name__}))
        globals()[_name] = _cls
        __all__.append(_name)
    for _method in dir(getattr(Mcp, _name)):
        if _method.endswith("_finish"):
            setattr(_cls, _method, _keeping_error_data(getattr(_cls, _method)))
