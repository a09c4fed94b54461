/* mcp-error-private.h
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include "mcp-error.h"

G_BEGIN_DECLS

GError *_mcp_error_new_from_response (int         code,
                                      const char *message,
                                      JsonNode   *data);

G_END_DECLS
