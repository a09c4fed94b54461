/* mcp-toolbox.h
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#if !defined (MCP_GLIB_INSIDE) && !defined (MCP_GLIB_COMPILATION)
# error "Only <mcp-glib/mcp-glib.h> can be included directly."
#endif

#include <gio/gio.h>
#include <json-glib/json-glib.h>

#include "mcp-client-group.h"
#include "mcp-group-item.h"
#include "mcp-toolbox-call.h"
#include "mcp-version-macros.h"

G_BEGIN_DECLS

/**
 * McpToolboxFormat:
 * @MCP_TOOLBOX_FORMAT_OPENAI: OpenAI's Chat Completions API (and the many
 *   servers compatible with it: llama.cpp, vLLM, ...)
 * @MCP_TOOLBOX_FORMAT_OPENAI_RESPONSES: OpenAI's Responses API
 * @MCP_TOOLBOX_FORMAT_ANTHROPIC: Anthropic's Messages API
 * @MCP_TOOLBOX_FORMAT_GEMINI: Google's Gemini API (`generateContent`)
 * @MCP_TOOLBOX_FORMAT_OLLAMA: Ollama's chat API (`/api/chat`)
 *
 * The model API whose JSON a [class@Mcp.Toolbox] speaks.
 *
 * Since: 1.0
 */
typedef enum
{
  MCP_TOOLBOX_FORMAT_OPENAI,
  MCP_TOOLBOX_FORMAT_OPENAI_RESPONSES,
  MCP_TOOLBOX_FORMAT_ANTHROPIC,
  MCP_TOOLBOX_FORMAT_GEMINI,
  MCP_TOOLBOX_FORMAT_OLLAMA,
} McpToolboxFormat;

/**
 * MCP_TOOLBOX_DEFAULT_CALL_TIMEOUT:
 *
 * The default of [property@Mcp.Toolbox:call-timeout]: 300 seconds.
 *
 * Since: 1.0
 */
#define MCP_TOOLBOX_DEFAULT_CALL_TIMEOUT 300000

/**
 * MCP_TOOLBOX_DEFAULT_MAX_RESULT_SIZE:
 *
 * The default of [property@Mcp.Toolbox:max-result-size]: 100,000 bytes.
 *
 * Since: 1.0
 */
#define MCP_TOOLBOX_DEFAULT_MAX_RESULT_SIZE 100000

#define MCP_TYPE_TOOLBOX (mcp_toolbox_get_type ())

MCP_AVAILABLE_IN_1_0
G_DECLARE_FINAL_TYPE (McpToolbox, mcp_toolbox, MCP, TOOLBOX, GObject)

MCP_AVAILABLE_IN_1_0
McpToolbox       *mcp_toolbox_new                 (McpClientGroup    *group,
                                                   McpToolboxFormat   format);
MCP_AVAILABLE_IN_1_0
McpClientGroup   *mcp_toolbox_get_group           (McpToolbox        *self);
MCP_AVAILABLE_IN_1_0
McpToolboxFormat  mcp_toolbox_get_format          (McpToolbox        *self);
MCP_AVAILABLE_IN_1_0
void              mcp_toolbox_set_format          (McpToolbox        *self,
                                                   McpToolboxFormat   format);
MCP_AVAILABLE_IN_1_0
gboolean          mcp_toolbox_get_strict          (McpToolbox        *self);
MCP_AVAILABLE_IN_1_0
void              mcp_toolbox_set_strict          (McpToolbox        *self,
                                                   gboolean           strict);
MCP_AVAILABLE_IN_1_0
guint             mcp_toolbox_get_call_timeout    (McpToolbox        *self);
MCP_AVAILABLE_IN_1_0
void              mcp_toolbox_set_call_timeout    (McpToolbox        *self,
                                                   guint              timeout_ms);
MCP_AVAILABLE_IN_1_0
guint             mcp_toolbox_get_max_result_size (McpToolbox        *self);
MCP_AVAILABLE_IN_1_0
void              mcp_toolbox_set_max_result_size (McpToolbox        *self,
                                                   guint              max_bytes);
MCP_AVAILABLE_IN_1_0
GListModel       *mcp_toolbox_get_tools           (McpToolbox        *self);
MCP_AVAILABLE_IN_1_0
const char       *mcp_toolbox_get_tool_name       (McpToolbox        *self,
                                                   McpGroupItem      *item);
MCP_AVAILABLE_IN_1_0
McpGroupItem     *mcp_toolbox_lookup_tool         (McpToolbox        *self,
                                                   const char        *name);
MCP_AVAILABLE_IN_1_0
JsonNode         *mcp_toolbox_dup_definitions     (McpToolbox        *self);
MCP_AVAILABLE_IN_1_0
void              mcp_toolbox_run_async           (McpToolbox        *self,
                                                   JsonNode          *response,
                                                   GCancellable      *cancellable,
                                                   GAsyncReadyCallback callback,
                                                   gpointer           user_data);
MCP_AVAILABLE_IN_1_0
JsonNode         *mcp_toolbox_run_finish          (McpToolbox        *self,
                                                   GAsyncResult      *result,
                                                   GError           **error);

G_END_DECLS
