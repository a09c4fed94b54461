/* wb-server.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

/* One server the workbench talks to: how to reach it (a command or a URL)
 * and the McpClient connected to it, with its state and a status line a
 * list row can bind to. The client's log messages, notifications, server
 * requests and end are forwarded as the server's own signals, so that the
 * window connects once per server, whichever client is current, and knows
 * where each came from. The client declares what the workbench answers:
 * sampling (shown to the user for approval) and elicitation in both modes.
 */

#include "config.h"

#include <glib/gi18n.h>

#include "wb-server.h"

struct _WbServer
{
  GObject         parent_instance;

  char           *name;
  char          **argv;
  char           *url;

  McpClient      *client;
  GCancellable   *cancellable;
  guint           n_closing;
  char           *status;
};

G_DEFINE_FINAL_TYPE (WbServer, wb_server, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_NAME,
  PROP_CLIENT,
  PROP_STATE,
  PROP_STATUS,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum {
  LOG_MESSAGE,
  NOTIFICATION,
  SERVER_REQUEST,
  CLOSED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
set_status (WbServer   *self,
            const char *status)
{
  if (g_strcmp0 (self->status, status) == 0)
    return;

  g_free (self->status);
  self->status = g_strdup (status);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STATUS]);
}

static void
on_state_changed (WbServer *self)
{
  McpImplementation *info;

  switch (mcp_client_get_state (self->client))
    {
    case MCP_CLIENT_STATE_DISCONNECTED:
      /* TRANSLATORS: the state of a server */
      set_status (self, _("Not connected"));
      break;

    case MCP_CLIENT_STATE_CONNECTING:
      /* TRANSLATORS: the state of a server */
      set_status (self, _("Connecting…"));
      break;

    case MCP_CLIENT_STATE_READY:
      info = mcp_client_get_server_info (self->client);
      if (info != NULL)
        {
          /* TRANSLATORS: the state of a server: ready, then the name and
           * version the server gave */
          g_autofree char *status = g_strdup_printf (_("Ready: %s %s"),
                                                     mcp_implementation_get_name (info),
                                                     mcp_implementation_get_version (info));

          set_status (self, status);
        }
      else
        {
          set_status (self, _("Ready"));
        }
      break;

    case MCP_CLIENT_STATE_CLOSED:
      /* The closed signal says why, right after. */
      /* TRANSLATORS: the state of a server */
      set_status (self, _("Closed"));
      break;

    default:
      g_assert_not_reached ();
    }

  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STATE]);
}

static void
on_log_message (WbServer    *self,
                McpLogLevel  level,
                const char  *logger,
                JsonNode    *data)
{
  g_signal_emit (self, signals[LOG_MESSAGE], 0, level, logger, data);
}

static void
on_notification (WbServer   *self,
                 const char *method,
                 JsonNode   *params)
{
  g_signal_emit (self, signals[NOTIFICATION], 0, method, params);
}

static gboolean
on_server_request (WbServer         *self,
                   McpServerRequest *request)
{
  gboolean handled = FALSE;

  g_signal_emit (self, signals[SERVER_REQUEST], 0, request, &handled);

  return handled;
}

static void
on_closed (WbServer     *self,
           const GError *error)
{
  g_signal_emit (self, signals[CLOSED], 0, error);

  if (error != NULL)
    {
      /* TRANSLATORS: the state of a server whose connection failed; %s says why */
      g_autofree char *status = g_strdup_printf (_("Failed: %s"), error->message);

      set_status (self, status);
    }
}

static void
on_connected (GObject      *object,
              GAsyncResult *result,
              gpointer      user_data)
{
  g_autoptr(WbServer) self = user_data;
  g_autoptr(GError) error = NULL;

  if (!mcp_client_connect_finish (MCP_CLIENT (object), result, &error)
      && !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED)
      && MCP_CLIENT (object) == self->client)
    {
      g_autofree char *status = g_strdup_printf (_("Failed: %s"), error->message);

      set_status (self, status);
    }
}

/* Creates a new transport and client and connects; a client serves one
 * connection, so starting again replaces both.
 */
void
wb_server_start (WbServer *self)
{
  g_autoptr(McpTransport) transport = NULL;

  g_return_if_fail (WB_IS_SERVER (self));

  wb_server_stop (self);

  if (self->argv != NULL)
    transport = MCP_TRANSPORT (mcp_stdio_transport_new ((const char * const *) self->argv));
  else
    transport = MCP_TRANSPORT (mcp_http_transport_new (self->url));

  self->client = mcp_client_new (transport);
  mcp_client_set_client_name (self->client, "mcp-glib-workbench");
  mcp_client_set_features (self->client,
                           MCP_CLIENT_FEATURES_SAMPLING
                           | MCP_CLIENT_FEATURES_ELICITATION_FORM
                           | MCP_CLIENT_FEATURES_ELICITATION_URL);
  g_signal_connect_swapped (self->client, "notify::state", G_CALLBACK (on_state_changed), self);
  g_signal_connect_swapped (self->client, "closed", G_CALLBACK (on_closed), self);
  g_signal_connect_swapped (self->client, "log-message", G_CALLBACK (on_log_message), self);
  g_signal_connect_swapped (self->client, "notification", G_CALLBACK (on_notification), self);
  g_signal_connect_swapped (self->client, "server-request", G_CALLBACK (on_server_request),
                            self);
  /* Fill the live lists now, so that they are ready when shown. */
  mcp_client_get_tools_model (self->client);
  mcp_client_get_resources_model (self->client);
  mcp_client_get_prompts_model (self->client);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CLIENT]);

  self->cancellable = g_cancellable_new ();
  mcp_client_connect_async (self->client, self->cancellable, on_connected, g_object_ref (self));
}

static void
on_client_closed (GObject      *object,
                  GAsyncResult *result,
                  gpointer      user_data)
{
  g_autoptr(WbServer) self = user_data;

  mcp_client_close_finish (MCP_CLIENT (object), result, NULL);
  self->n_closing--;
}

/* Closes the connection, if any, in the background: mcp-glib ends the
 * server in steps. wb_server_is_closing() says when that is done.
 */
void
wb_server_stop (WbServer *self)
{
  g_return_if_fail (WB_IS_SERVER (self));

  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  if (self->client == NULL)
    return;

  g_signal_handlers_disconnect_by_data (self->client, self);
  self->n_closing++;
  mcp_client_close_async (self->client, NULL, on_client_closed, g_object_ref (self));
  g_clear_object (&self->client);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CLIENT]);
}

static void
wb_server_dispose (GObject *object)
{
  WbServer *self = WB_SERVER (object);

  /* Not closed in time: dropping the client kills the server. */
  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  if (self->client != NULL)
    g_signal_handlers_disconnect_by_data (self->client, self);
  g_clear_object (&self->client);

  G_OBJECT_CLASS (wb_server_parent_class)->dispose (object);
}

static void
wb_server_finalize (GObject *object)
{
  WbServer *self = WB_SERVER (object);

  g_free (self->name);
  g_strfreev (self->argv);
  g_free (self->url);
  g_free (self->status);

  G_OBJECT_CLASS (wb_server_parent_class)->finalize (object);
}

static void
wb_server_get_property (GObject    *object,
                        guint       prop_id,
                        GValue     *value,
                        GParamSpec *pspec)
{
  WbServer *self = WB_SERVER (object);

  switch (prop_id)
    {
    case PROP_NAME:
      g_value_set_string (value, self->name);
      break;

    case PROP_CLIENT:
      g_value_set_object (value, self->client);
      break;

    case PROP_STATE:
      g_value_set_enum (value, wb_server_get_state (self));
      break;

    case PROP_STATUS:
      g_value_set_string (value, self->status);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
wb_server_class_init (WbServerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = wb_server_dispose;
  object_class->finalize = wb_server_finalize;
  object_class->get_property = wb_server_get_property;

  properties[PROP_NAME] =
    g_param_spec_string ("name", NULL, NULL, NULL,
                         (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));
  properties[PROP_CLIENT] =
    g_param_spec_object ("client", NULL, NULL, MCP_TYPE_CLIENT,
                         (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  properties[PROP_STATE] =
    g_param_spec_enum ("state", NULL, NULL, MCP_TYPE_CLIENT_STATE, MCP_CLIENT_STATE_DISCONNECTED,
                       (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  properties[PROP_STATUS] =
    g_param_spec_string ("status", NULL, NULL, NULL,
                         (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* The client's signals, forwarded from whichever client is current, so
   * that a handler connects once per server and knows where they came from.
   */
  signals[LOG_MESSAGE] =
    g_signal_new ("log-message", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 3, MCP_TYPE_LOG_LEVEL, G_TYPE_STRING, JSON_TYPE_NODE);
  signals[NOTIFICATION] =
    g_signal_new ("notification", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 2, G_TYPE_STRING, JSON_TYPE_NODE);
  signals[SERVER_REQUEST] =
    g_signal_new ("server-request", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, g_signal_accumulator_true_handled, NULL, NULL,
                  G_TYPE_BOOLEAN, 1, MCP_TYPE_SERVER_REQUEST);
  signals[CLOSED] =
    g_signal_new ("closed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_ERROR);
}

static void
wb_server_init (WbServer *self)
{
  self->status = g_strdup (_("Not connected"));
}

WbServer *
wb_server_new_for_command (const char         *name,
                           const char * const *argv)
{
  WbServer *self;

  g_return_val_if_fail (name != NULL, NULL);
  g_return_val_if_fail (argv != NULL && argv[0] != NULL, NULL);

  self = g_object_new (WB_TYPE_SERVER, NULL);
  self->name = g_strdup (name);
  self->argv = g_strdupv ((char **) argv);

  return self;
}

WbServer *
wb_server_new_for_url (const char *name,
                       const char *url)
{
  WbServer *self;

  g_return_val_if_fail (name != NULL, NULL);
  g_return_val_if_fail (url != NULL, NULL);

  self = g_object_new (WB_TYPE_SERVER, NULL);
  self->name = g_strdup (name);
  self->url = g_strdup (url);

  return self;
}

const char *
wb_server_get_name (WbServer *self)
{
  g_return_val_if_fail (WB_IS_SERVER (self), NULL);

  return self->name;
}

McpClient *
wb_server_get_client (WbServer *self)
{
  g_return_val_if_fail (WB_IS_SERVER (self), NULL);

  return self->client;
}

McpClientState
wb_server_get_state (WbServer *self)
{
  g_return_val_if_fail (WB_IS_SERVER (self), MCP_CLIENT_STATE_DISCONNECTED);

  return self->client != NULL ? mcp_client_get_state (self->client)
                              : MCP_CLIENT_STATE_DISCONNECTED;
}

const char *
wb_server_get_status (WbServer *self)
{
  g_return_val_if_fail (WB_IS_SERVER (self), NULL);

  return self->status;
}

gboolean
wb_server_is_closing (WbServer *self)
{
  g_return_val_if_fail (WB_IS_SERVER (self), FALSE);

  return self->n_closing > 0;
}
