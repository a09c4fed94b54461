/* mcp-discarded-private.h
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The most messages one discarded line is taken to hold: one at its start,
 * one at its end. */
#define MCP_DISCARDED_MAX_IDS 2

typedef struct
{
  /* The integer ids of the responses found. */
  gint64   ids[MCP_DISCARDED_MAX_IDS];
  guint    n_ids;
  /* A JSON object was seen whose id and kind could not be told: it may
   * have been a response. */
  gboolean unknown;
} McpDiscarded;

void _mcp_discarded_examine (const char   *head,
                             const char   *tail,
                             McpDiscarded *discarded);

G_END_DECLS
