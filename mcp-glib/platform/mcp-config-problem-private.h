/* mcp-config-problem-private.h
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include "mcp-config-problem.h"

G_BEGIN_DECLS

McpConfigProblem *_mcp_config_problem_new   (GFile            *file,
                                             guint             line,
                                             guint             column,
                                             const char       *server,
                                             const char       *message);
gboolean          _mcp_config_problem_equal (McpConfigProblem *a,
                                             McpConfigProblem *b);

G_END_DECLS
