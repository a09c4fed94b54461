/* mcp-toolbox-private.h
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include "mcp-tool-result.h"
#include "mcp-toolbox.h"

G_BEGIN_DECLS

/* The longest name every API takes: OpenAI, Anthropic and Gemini stop at
 * 64 characters. */
#define MCP_TOOLBOX_MAX_NAME_LENGTH 64

/* The most calls of one answer of the model that run; the others get a
 * result that says so. */
#define MCP_TOOLBOX_MAX_CALLS 128

/* One call a model asked for, from its reading to the result it gets. */
typedef struct
{
  char          *id;        /* the API's id for the call; one made up where it has none */
  gboolean       has_id;    /* whether the API gave the id (Gemini may not) */
  char          *name;      /* the name the model used */
  JsonObject    *arguments; /* NULL when the model's arguments are not an object */
  char          *problem;   /* why the call does not run: for the model */
  McpToolResult *result;    /* the tool's answer, when it ran */
} McpToolboxEntry;

void        _mcp_toolbox_entry_free     (McpToolboxEntry   *entry);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (McpToolboxEntry, _mcp_toolbox_entry_free)

char       *_mcp_toolbox_make_name      (const char        *qualified_name,
                                         gboolean           longer_hash);
JsonObject *_mcp_toolbox_adapt_schema   (JsonObject        *schema,
                                         McpToolboxFormat   format,
                                         gboolean           strict,
                                         gboolean          *strict_ok);
JsonObject *_mcp_toolbox_definition     (McpToolboxFormat   format,
                                         const char        *name,
                                         McpTool           *tool,
                                         gboolean           strict);
GPtrArray  *_mcp_toolbox_parse_calls    (McpToolboxFormat   format,
                                         JsonNode          *response,
                                         GError           **error);
void        _mcp_toolbox_drop_nulls     (JsonObject        *arguments,
                                         JsonObject        *schema);
JsonNode   *_mcp_toolbox_results        (McpToolboxFormat   format,
                                         GPtrArray         *entries,
                                         gsize              budget);

typedef enum
{
  MCP_TOOLBOX_DECISION_APPROVED,
  MCP_TOOLBOX_DECISION_DENIED,
  MCP_TOOLBOX_DECISION_DROPPED,  /* the application let go of the call unanswered */
} McpToolboxDecision;

typedef void (*McpToolboxDecisionFunc) (McpToolboxCall     *call,
                                        McpToolboxDecision  decision,
                                        const char         *reason,
                                        gpointer            user_data);

McpToolboxCall *_mcp_toolbox_call_new   (const char            *id,
                                         const char            *name,
                                         McpGroupItem          *item,
                                         JsonObject            *arguments,
                                         GCancellable          *cancellable,
                                         McpToolboxDecisionFunc func,
                                         gpointer               user_data,
                                         McpToolboxCall       **slot);
void        _mcp_toolbox_call_forget    (McpToolboxCall    *call);

gboolean    _mcp_toolbox_asks_approval     (McpToolbox     *self);
gboolean    _mcp_toolbox_emit_approve_call (McpToolbox     *self,
                                            McpToolboxCall *call);

G_END_DECLS
