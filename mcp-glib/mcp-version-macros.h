/* mcp-version-macros.h
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#if !defined (MCP_GLIB_INSIDE) && !defined (MCP_GLIB_COMPILATION)
# error "Only <mcp-glib/mcp-glib.h> can be included directly."
#endif

#include <glib.h>

#include "mcp-version.h"

#ifndef _MCP_EXTERN
# define _MCP_EXTERN __attribute__((visibility ("default"))) extern
#endif

#define MCP_VERSION_1_0 (MCP_ENCODE_VERSION (1, 0, 0))

#ifdef MCP_DISABLE_DEPRECATION_WARNINGS
# define MCP_DEPRECATED _MCP_EXTERN
# define MCP_DEPRECATED_FOR(f) _MCP_EXTERN
# define MCP_UNAVAILABLE(maj,min) _MCP_EXTERN
#else
# define MCP_DEPRECATED G_DEPRECATED _MCP_EXTERN
# define MCP_DEPRECATED_FOR(f) G_DEPRECATED_FOR (f) _MCP_EXTERN
# define MCP_UNAVAILABLE(maj,min) G_UNAVAILABLE (maj, min) _MCP_EXTERN
#endif

#define MCP_AVAILABLE_IN_ALL _MCP_EXTERN
#define MCP_AVAILABLE_IN_1_0 _MCP_EXTERN
