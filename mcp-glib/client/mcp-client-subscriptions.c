/* mcp-client-subscriptions.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Change notifications. A stateless server (2026-07-28) sends them only on
 * a subscriptions/listen request, which stays open: it acknowledges what it
 * agreed to, tags each notification with the request's id, and the client
 * ends it by cancelling the request. An older server sends list changes
 * anyway and resource updates after resources/subscribe.
 *
 * The client hides the difference: McpSubscription works with both (for an
 * older server it is made of what that server sends and resources/subscribe,
 * counted per URI so that two subscriptions to one resource do not undo
 * each other), and with a stateless server the client keeps one
 * subscription of its own for the lists the server reports changes of and
 * the resources subscribed to with mcp_client_subscribe_resource_async(),
 * so that the live models, ::list-changed and ::resource-updated work as
 * they do with an older server.
 *
 * Streams only when someone listens: that subscription, and the GET stream
 * of an older HTTP server (McpTransport:listening), are held open only
 * while the application needs what comes on them: a live model it holds,
 * a handler of ::list-changed, ::resource-updated, ::notification or
 * ::log-message, a resource subscribed to, or (for the GET stream) a
 * declared capability for server requests. GObject says nothing when a
 * handler is connected, so a source of the client's looks while connected
 * (at most every 10 ms, and only when the main loop runs anyway), and
 * opens or closes them when that changes. See doc/listening.md.
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "mcp-client-private.h"
#include "mcp-json-private.h"
#include "mcp-source-private.h"
#include "mcp-subscription-private.h"

#define META_SUBSCRIPTION_ID "io.modelcontextprotocol/subscriptionId"

/* The client's own subscription is opened again after a break, waiting
 * longer each time, and given up after this many failures in a row. A
 * subscription ends a row once it stayed agreed to a while: one that the
 * server agrees to and ends at once is a failure too, or a server doing
 * that would be asked again forever. */
#define CHANGES_RETRY_MS      1000
#define CHANGES_MAX_FAILURES  5
#define CHANGES_STABLE_US     (10 * G_USEC_PER_SEC)

/* One subscriptions/listen request. It may end after the client is gone
 * (the engine's calls end when the client is disposed, and their callbacks
 * can run from a later main loop iteration): it holds the client weakly. */
typedef struct
{
  GWeakRef         client;
  McpSubscription *subscription;
  gint64           id;
  GCancellable    *cancellable;
  /* Until acknowledged: the caller's, completed with the subscription,
   * and what watches the caller's cancellable meanwhile. */
  GTask           *task;
  GSource         *task_cancelled;
  /* When the server acknowledged it, or 0. */
  gint64           agreed_at;
  gboolean         closing;
  gboolean         internal;
} Listen;

static void
listen_free (Listen *listen)
{
  _mcp_source_clear (&listen->task_cancelled);
  g_clear_object (&listen->subscription);
  g_clear_object (&listen->cancellable);
  g_clear_object (&listen->task);
  g_weak_ref_clear (&listen->client);
  g_free (listen);
}

static const struct {
  McpListChanges  list;
  const char     *member;
  const char     *capability;
} filter_lists[] = {
  { MCP_LIST_CHANGES_TOOLS, "toolsListChanged", "tools" },
  { MCP_LIST_CHANGES_PROMPTS, "promptsListChanged", "prompts" },
  { MCP_LIST_CHANGES_RESOURCES, "resourcesListChanged", "resources" },
};

static JsonNode *
filter_params (McpListChanges      lists,
               const char * const *resources)
{
  JsonObject *params = json_object_new ();
  JsonObject *filter = json_object_new ();

  for (guint i = 0; i < G_N_ELEMENTS (filter_lists); i++)
    if (lists & filter_lists[i].list)
      json_object_set_boolean_member (filter, filter_lists[i].member, TRUE);

  if (resources != NULL && resources[0] != NULL)
    {
      JsonArray *uris = json_array_new ();

      for (guint i = 0; resources[i] != NULL; i++)
        json_array_add_string_element (uris, resources[i]);
      json_object_set_array_member (filter, "resourceSubscriptions", uris);
    }

  json_object_set_object_member (params, "notifications", filter);

  return _mcp_json_node_new_object (params);
}

/* The lists whose changes an older server reports, or a stateless one says
 * it reports. */
static McpListChanges
lists_offered (McpClient *self)
{
  McpListChanges lists = MCP_LIST_CHANGES_NONE;

  for (guint i = 0; i < G_N_ELEMENTS (filter_lists); i++)
    {
      JsonObject *capability = _mcp_json_object_get_object (self->server_capabilities,
                                                            filter_lists[i].capability);

      if (_mcp_json_object_get_bool (capability, "listChanged", FALSE))
        lists |= filter_lists[i].list;
    }

  return lists;
}

static gboolean
offers_resource_subscriptions (McpClient *self)
{
  JsonObject *resources = _mcp_json_object_get_object (self->server_capabilities, "resources");

  return _mcp_json_object_get_bool (resources, "subscribe", FALSE);
}

/* The stateless revision: subscriptions/listen ------------------------------- */

static void reopen_changes (McpClient *self,
                            GTask     *task);

static gboolean
changes_retry_cb (gpointer user_data)
{
  McpClient *self = user_data;

  _mcp_source_clear (&self->changes_retry);
  reopen_changes (self, NULL);

  return G_SOURCE_REMOVE;
}

static void
listen_done_cb (GObject      *object,
                GAsyncResult *result,
                gpointer      user_data)
{
  Listen *listen = user_data;
  g_autoptr(McpClient) self = g_weak_ref_get (&listen->client);
  g_autoptr(JsonNode) answer = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(McpSubscription) subscription = g_object_ref (listen->subscription);
  g_autoptr(GTask) task = g_steal_pointer (&listen->task);
  gboolean internal = listen->internal;
  gboolean closing = listen->closing;
  gboolean lasted = listen->agreed_at != 0 &&
                    g_get_monotonic_time () - listen->agreed_at >= CHANGES_STABLE_US;

  answer = _mcp_rpc_call_finish (MCP_RPC (object), result, &error);

  g_object_set_data (G_OBJECT (subscription), "mcp-listen", NULL);
  if (self != NULL && listen->id != 0)
    g_hash_table_remove (self->listens, &listen->id);
  listen_free (listen);
  listen = NULL;

  if (task != NULL)
    {
      if (error == NULL)
        error = g_error_new_literal (G_IO_ERROR, G_IO_ERROR_CONNECTION_CLOSED,
                                     _("The server ended the subscription before agreeing to "
                                       "it"));
      g_task_return_error (task, g_error_copy (error));
    }

  if (closing)
    {
      _mcp_subscription_end (subscription, NULL);
      return;
    }

  if (error != NULL)
    g_debug ("A subscription ended: %s", error->message);
  _mcp_subscription_end (subscription, error);

  /* The client's own subscription comes back, unless the connection is
   * over or it keeps failing. */
  if (internal && self != NULL && self->changes == subscription)
    {
      if (lasted)
        self->changes_failures = 0;
      g_clear_object (&self->changes);
      if (self->state == MCP_CLIENT_STATE_READY && self->changes_retry == NULL &&
          ++self->changes_failures <= CHANGES_MAX_FAILURES)
        self->changes_retry = _mcp_timeout_source_attach (self->context,
                                                          CHANGES_RETRY_MS * self->changes_failures,
                                                          changes_retry_cb, self, NULL);
    }
}

static gboolean
listen_cancelled_cb (GCancellable *cancellable,
                     gpointer      user_data)
{
  Listen *listen = user_data;

  _mcp_source_clear (&listen->task_cancelled);
  listen->closing = TRUE;
  g_cancellable_cancel (listen->cancellable);

  return G_SOURCE_REMOVE;
}

/* The server agreed to @listen: the caller has the subscription, unless it
 * cancelled meanwhile; then the request ends as if cancelled before. */
static void
listen_agreed (Listen *listen)
{
  g_autoptr(GTask) task = NULL;

  if (listen->task == NULL)
    return;

  if (g_cancellable_is_cancelled (g_task_get_cancellable (listen->task)))
    {
      listen_cancelled_cb (NULL, listen);
      return;
    }

  _mcp_source_clear (&listen->task_cancelled);
  task = g_steal_pointer (&listen->task);
  g_task_return_pointer (task, g_object_ref (listen->subscription), g_object_unref);
}

/* Sends subscriptions/listen; @task, if any, completes once the server
 * agreed, with the subscription. */
static Listen *
listen_open (McpClient          *self,
             McpListChanges      lists,
             const char * const *resources,
             gboolean            internal,
             GTask              *task)
{
  Listen *listen = g_new0 (Listen, 1);

  g_weak_ref_init (&listen->client, self);
  listen->subscription = _mcp_subscription_new (self, lists, resources);
  listen->cancellable = g_cancellable_new ();
  listen->task = task != NULL ? g_object_ref (task) : NULL;
  listen->internal = internal;

  g_object_set_data (G_OBJECT (listen->subscription), "mcp-listen", listen);

  /* Cancelled before the server agreed, the request ends, and with it the
   * caller's task (listen_done_cb ()). */
  if (task != NULL && g_task_get_cancellable (task) != NULL)
    {
      listen->task_cancelled = g_cancellable_source_new (g_task_get_cancellable (task));
      g_source_set_static_name (listen->task_cancelled, "[mcp-glib] listen cancelled");
      g_source_set_callback (listen->task_cancelled, G_SOURCE_FUNC (listen_cancelled_cb),
                             listen, NULL);
      g_source_attach (listen->task_cancelled, self->context);
    }

  /* It stays open as long as the subscription. */
  listen->id = _mcp_rpc_call_async (self->rpc, "subscriptions/listen",
                                    filter_params (lists, resources),
                                    MCP_RPC_CALL_NO_TIMEOUT | MCP_RPC_CALL_NO_PROGRESS, 0, NULL,
                                    listen->cancellable, listen_done_cb, listen);
  if (listen->id != 0)
    g_hash_table_insert (self->listens, &listen->id, listen);

  return listen;
}

static void
parse_filter (JsonObject      *filter,
              McpListChanges  *lists,
              GStrv           *resources)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  JsonArray *uris = _mcp_json_object_get_array (filter, "resourceSubscriptions");

  *lists = MCP_LIST_CHANGES_NONE;
  for (guint i = 0; i < G_N_ELEMENTS (filter_lists); i++)
    if (_mcp_json_object_get_bool (filter, filter_lists[i].member, FALSE))
      *lists |= filter_lists[i].list;

  for (guint i = 0; uris != NULL && i < json_array_get_length (uris); i++)
    {
      JsonNode *element = json_array_get_element (uris, i);

      if (JSON_NODE_HOLDS_VALUE (element) && json_node_get_value_type (element) == G_TYPE_STRING)
        g_strv_builder_add (builder, json_node_get_string (element));
    }

  *resources = g_strv_builder_end (builder);
}

/* Whether the copy of a change on @listen is the one that counts for the
 * client's own signals and live models. A stateless server sends a list
 * change or a resource update on every subscription that covers it: the
 * copy on the client's own subscription counts when that covers it, else
 * the one on the oldest agreed subscription that does (an application's
 * subscription may cover what the client's does not). */
static gboolean
counts_for_client (McpClient  *self,
                   Listen     *listen,
                   const char *method,
                   JsonNode   *params)
{
  GHashTableIter iter;
  Listen *other;

  if (listen->subscription == self->changes)
    return TRUE;
  if (self->changes != NULL && _mcp_subscription_wants (self->changes, method, params))
    return FALSE;

  g_hash_table_iter_init (&iter, self->listens);
  while (g_hash_table_iter_next (&iter, NULL, (gpointer *) &other))
    {
      if (other->id < listen->id && other->agreed_at != 0 &&
          _mcp_subscription_wants (other->subscription, method, params))
        return FALSE;
    }

  return TRUE;
}

/* A stateless server's notification that names the listen request it
 * belongs to. Returns whether it counts for the client itself (see
 * counts_for_client ()). */
static gboolean
route_tagged (McpClient  *self,
              const char *method,
              JsonNode   *params,
              gint64      id)
{
  Listen *listen = g_hash_table_lookup (self->listens, &id);
  JsonObject *object = json_node_get_object (params);

  if (listen == NULL)
    {
      g_debug ("Dropped a notification of subscription %" G_GINT64_FORMAT ", which is not open",
               id);
      return FALSE;
    }

  if (g_str_equal (method, "notifications/subscriptions/acknowledged"))
    {
      g_auto(GStrv) resources = NULL;
      McpListChanges lists;

      parse_filter (_mcp_json_object_get_object (object, "notifications"), &lists, &resources);
      _mcp_subscription_set_honoured (listen->subscription, lists,
                                      (const char * const *) resources);
      listen->agreed_at = g_get_monotonic_time ();
      listen_agreed (listen);
      return FALSE;
    }

  if (_mcp_subscription_wants (listen->subscription, method, params))
    _mcp_subscription_notify (listen->subscription, method, params);

  return counts_for_client (self, listen, method, params);
}

/* The client's own subscription ----------------------------------------------- */

static void
changes_open_cb (GObject      *object,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  McpClient *self = MCP_CLIENT (object);
  McpSubscription *opened = g_task_get_task_data (G_TASK (result));
  g_autoptr(McpSubscription) subscription = NULL;
  GError *error = NULL;

  subscription = g_task_propagate_pointer (G_TASK (result), &error);
  if (opened == self->changes_pending)
    {
      g_autoptr(McpSubscription) previous = NULL;

      /* The new one is in place: the old one may go. */
      g_clear_object (&self->changes_pending);
      if (subscription != NULL)
        {
          previous = g_steal_pointer (&self->changes);
          self->changes = g_object_ref (subscription);
          if (previous != NULL)
            mcp_subscription_close (previous);
        }
    }
  else if (opened != self->changes)
    {
      /* Replaced by a newer one while waiting, which asks for everything
       * this one did: it stands for it. */
      if (subscription != NULL)
        mcp_subscription_close (subscription);
      g_clear_error (&error);
    }

  if (task != NULL)
    {
      if (error != NULL)
        g_task_return_error (task, error);
      else
        g_task_return_boolean (task, TRUE);
    }
  else
    g_clear_error (&error);
}

/* Opens the client's own subscription for the lists the server reports
 * and the resources subscribed to. The one open, if any, stays the
 * client's until the new one is agreed (changes_open_cb ()); a newer
 * replacement supersedes one still waiting. @task, if any, completes
 * then. */
static void
reopen_changes (McpClient *self,
                GTask     *task)
{
  g_autoptr(GTask) inner = NULL;
  g_autofree char **resources = NULL;
  McpListChanges lists = self->listen_lists & lists_offered (self);
  Listen *listen;

  if (self->state != MCP_CLIENT_STATE_READY || !self->stateless)
    {
      if (task != NULL)
        g_task_return_boolean (task, TRUE);
      return;
    }

  if (self->changes_pending != NULL)
    {
      g_autoptr(McpSubscription) superseded = g_steal_pointer (&self->changes_pending);

      mcp_subscription_close (superseded);
    }

  resources = (char **) g_hash_table_get_keys_as_array (self->resource_refs, NULL);
  if (lists == MCP_LIST_CHANGES_NONE && resources[0] == NULL)
    {
      if (self->changes != NULL)
        {
          g_autoptr(McpSubscription) previous = g_steal_pointer (&self->changes);

          mcp_subscription_close (previous);
        }
      if (task != NULL)
        g_task_return_boolean (task, TRUE);
      return;
    }

  /* An inner task: the caller's, if any, completes from its callback. */
  inner = g_task_new (self, NULL, changes_open_cb, task != NULL ? g_object_ref (task) : NULL);
  listen = listen_open (self, lists, (const char * const *) resources, TRUE, inner);
  g_task_set_task_data (inner, g_object_ref (listen->subscription), g_object_unref);
  if (self->changes == NULL)
    self->changes = g_object_ref (listen->subscription);
  else
    self->changes_pending = g_object_ref (listen->subscription);
}

/* Streams only when someone listens ------------------------------------------ */

static const McpListChanges live_lists[] = {
  [MCP_LIVE_TOOLS] = MCP_LIST_CHANGES_TOOLS,
  [MCP_LIVE_RESOURCES] = MCP_LIST_CHANGES_RESOURCES,
  [MCP_LIVE_RESOURCE_TEMPLATES] = MCP_LIST_CHANGES_RESOURCES,
  [MCP_LIVE_PROMPTS] = MCP_LIST_CHANGES_PROMPTS,
};

G_STATIC_ASSERT (G_N_ELEMENTS (live_lists) == MCP_N_LIVE_MODELS);

/* What the application needs, in one number: the handlers connected, the
 * live models it holds (the client holds each one it made; anyone else's
 * reference means somebody uses it), and whether a resource is subscribed
 * to. */
static guint
listeners_now (McpClient *self)
{
  guint listeners = _mcp_client_get_listeners (self);

  for (guint i = 0; i < MCP_N_LIVE_MODELS; i++)
    if (self->live[i] != NULL && g_atomic_int_get (&G_OBJECT (self->live[i])->ref_count) > 1)
      listeners |= 1u << (8 + i);

  if (g_hash_table_size (self->resource_refs) > 0)
    listeners |= 1u << 16;

  return listeners;
}

/* The lists whose changes somebody needs. */
static McpListChanges
lists_wanted (McpClient *self,
              guint      listeners)
{
  McpListChanges lists = MCP_LIST_CHANGES_NONE;

  if (listeners & (MCP_LISTENER_LIST_CHANGED | MCP_LISTENER_NOTIFICATION))
    return MCP_LIST_CHANGES_TOOLS | MCP_LIST_CHANGES_PROMPTS | MCP_LIST_CHANGES_RESOURCES;

  for (guint i = 0; i < MCP_N_LIVE_MODELS; i++)
    if (listeners & (1u << (8 + i)))
      lists |= live_lists[i];

  return lists;
}

/* Whether the application takes requests of the server: those may come
 * on an older server's GET stream unasked. */
static gboolean
takes_server_requests (McpClient *self)
{
  return self->declared_capabilities != NULL &&
         (json_object_has_member (self->declared_capabilities, "sampling") ||
          json_object_has_member (self->declared_capabilities, "elicitation") ||
          json_object_has_member (self->declared_capabilities, "roots"));
}

/* Opens or closes what carries what the server sends unasked, as the
 * application's needs are now. */
static void
update_listening (McpClient *self)
{
  guint listeners = listeners_now (self);

  self->listeners = listeners;
  if (self->state != MCP_CLIENT_STATE_READY)
    return;

  if (self->stateless)
    {
      McpListChanges lists = lists_wanted (self, listeners) & lists_offered (self);

      /* A change of the resources subscribed to reopens it by itself
       * (_mcp_client_change_resource_subscription ()). */
      if (lists == self->listen_lists &&
          (self->changes != NULL || self->changes_pending != NULL ||
           self->changes_retry != NULL) == (lists != MCP_LIST_CHANGES_NONE ||
                                            g_hash_table_size (self->resource_refs) > 0))
        return;

      g_debug ("The client's subscription now asks for lists %#x and %u resources",
               lists, g_hash_table_size (self->resource_refs));
      self->listen_lists = lists;
      _mcp_source_clear (&self->changes_retry);
      self->changes_failures = 0;
      reopen_changes (self, NULL);
      return;
    }

  mcp_transport_set_listening (self->transport,
                               listeners != 0 || takes_server_requests (self));
}

/* The source that looks: a look costs a few lookups of the signal system
 * (about a thousand instructions, several times a call if it ran each main
 * loop iteration), so it looks at most once per LISTENERS_LOOK_US, and
 * wakes the loop once at the end of that time if there was activity since,
 * never while the loop is idle. It dispatches only when the needs changed.
 * It holds the client weakly: the client removes it before it goes. */
#define LISTENERS_LOOK_US (10 * 1000)

typedef struct
{
  GSource    source;
  McpClient *client;
  gint64     looked_at;
} ListenersWatch;

static gboolean
listeners_watch_prepare (GSource *source,
                         int     *timeout)
{
  ListenersWatch *watch = (ListenersWatch *) source;
  McpClient *self = watch->client;
  gint64 now = g_source_get_time (source);

  if (now - watch->looked_at < LISTENERS_LOOK_US)
    {
      /* Something ran since the last look: look once more, a little later. */
      *timeout = (int) ((watch->looked_at + LISTENERS_LOOK_US - now + 999) / 1000);
      return FALSE;
    }

  watch->looked_at = now;
  *timeout = -1;
  return listeners_now (self) != self->listeners;
}

static gboolean
listeners_watch_dispatch (GSource     *source,
                          GSourceFunc  callback,
                          gpointer     user_data)
{
  update_listening (((ListenersWatch *) source)->client);

  return G_SOURCE_CONTINUE;
}

static GSourceFuncs listeners_watch_funcs = {
  listeners_watch_prepare,
  NULL,
  listeners_watch_dispatch,
  NULL,
  NULL,
  NULL,
};

/* Once connected: what the application needs now, and from now on. */
void
_mcp_client_start_listening (McpClient *self)
{
  self->listen_lists = MCP_LIST_CHANGES_NONE;
  update_listening (self);

  if (self->listeners_watch == NULL)
    {
      self->listeners_watch = g_source_new (&listeners_watch_funcs, sizeof (ListenersWatch));
      ((ListenersWatch *) self->listeners_watch)->client = self;
      g_source_set_static_name (self->listeners_watch, "[mcp-glib] listeners");
      g_source_attach (self->listeners_watch, self->context);
    }
}

/* Older servers: what they send anyway ---------------------------------------- */

/* Counts the subscriptions to @uri; returns whether it is the first. */
static gboolean
resource_ref (McpClient  *self,
              const char *uri)
{
  guint count = GPOINTER_TO_UINT (g_hash_table_lookup (self->resource_refs, uri));

  g_hash_table_replace (self->resource_refs, g_strdup (uri), GUINT_TO_POINTER (count + 1));
  return count == 0;
}

/* Returns whether @uri had its last subscription. */
static gboolean
resource_unref (McpClient  *self,
                const char *uri)
{
  guint count = GPOINTER_TO_UINT (g_hash_table_lookup (self->resource_refs, uri));

  if (count <= 1)
    {
      g_hash_table_remove (self->resource_refs, uri);
      return count == 1;
    }

  g_hash_table_replace (self->resource_refs, g_strdup (uri), GUINT_TO_POINTER (count - 1));
  return FALSE;
}

/* Older servers: drops the subscriptions of an emulated subscription to
 * @resources, unsubscribing from those nothing else holds. */
static void
release_resources (McpClient          *self,
                   const char * const *resources)
{
  for (guint i = 0; resources[i] != NULL; i++)
    if (resource_unref (self, resources[i]) && self->state == MCP_CLIENT_STATE_READY)
      _mcp_rpc_call_async (self->rpc, "resources/unsubscribe",
                           _mcp_client_params_with_string ("uri", resources[i]),
                           MCP_RPC_CALL_DEFAULT, 0, NULL, NULL, NULL, NULL);
}

typedef struct
{
  McpSubscription *subscription;
  GStrvBuilder    *subscribed;
  guint            pending;
} Emulation;

static void
emulation_free (Emulation *emulation)
{
  g_clear_object (&emulation->subscription);
  g_clear_pointer (&emulation->subscribed, g_strv_builder_unref);
  g_free (emulation);
}

static void
emulation_done (GTask *task)
{
  McpClient *self = g_task_get_source_object (task);
  Emulation *emulation = g_task_get_task_data (task);
  g_auto(GStrv) resources = NULL;

  if (emulation->pending > 0)
    return;

  resources = g_strv_builder_end (emulation->subscribed);
  if (g_cancellable_is_cancelled (g_task_get_cancellable (task)))
    {
      release_resources (self, (const char * const *) resources);
      g_task_return_error_if_cancelled (task);
      return;
    }

  _mcp_subscription_set_honoured (emulation->subscription,
                                  mcp_subscription_get_requested_lists (emulation->subscription) &
                                  lists_offered (self),
                                  (const char * const *) resources);
  g_ptr_array_add (self->emulated, g_object_ref (emulation->subscription));
  g_task_return_pointer (task, g_object_ref (emulation->subscription), g_object_unref);
}

typedef struct
{
  GTask *task;
  char  *uri;
} EmulatedSubscribe;

static void
emulated_subscribe_cb (GObject      *object,
                       GAsyncResult *result,
                       gpointer      user_data)
{
  EmulatedSubscribe *step = user_data;
  g_autoptr(GTask) task = step->task;
  g_autofree char *uri = step->uri;
  McpClient *self = g_task_get_source_object (task);
  Emulation *emulation = g_task_get_task_data (task);
  g_autoptr(JsonNode) answer = NULL;
  g_autoptr(GError) error = NULL;

  g_free (step);
  answer = _mcp_rpc_call_finish (MCP_RPC (object), result, &error);
  if (answer != NULL)
    g_strv_builder_add (emulation->subscribed, uri);
  else
    {
      /* Not subscribed after all: the subscription reports it by leaving
       * it out of what was agreed. */
      g_debug ("resources/subscribe of %s failed: %s", uri, error->message);
      resource_unref (self, uri);
    }

  emulation->pending--;
  emulation_done (task);
}

static void
listen_emulated (McpClient          *self,
                 McpListChanges      lists,
                 const char * const *resources,
                 GTask              *task)
{
  Emulation *emulation = g_new0 (Emulation, 1);

  emulation->subscription = _mcp_subscription_new (self, lists, resources);
  emulation->subscribed = g_strv_builder_new ();
  g_task_set_task_data (task, emulation, (GDestroyNotify) emulation_free);

  for (guint i = 0; resources != NULL && resources[i] != NULL; i++)
    {
      EmulatedSubscribe *step;

      if (!offers_resource_subscriptions (self))
        break;

      /* Another subscription has it already. */
      if (!resource_ref (self, resources[i]))
        {
          g_strv_builder_add (emulation->subscribed, resources[i]);
          continue;
        }

      step = g_new0 (EmulatedSubscribe, 1);
      step->task = g_object_ref (task);
      step->uri = g_strdup (resources[i]);
      emulation->pending++;
      _mcp_rpc_call_async (self->rpc, "resources/subscribe",
                           _mcp_client_params_with_string ("uri", resources[i]),
                           MCP_RPC_CALL_DEFAULT, 0, NULL, g_task_get_cancellable (task),
                           emulated_subscribe_cb, step);
    }

  emulation_done (task);
}

/* Routing, closing, ending ---------------------------------------------------- */

/* Hands a notification to the subscriptions it belongs to. Returns whether
 * it counts for the client's own signals and live models: a stateless
 * server's change comes once on each subscription that covers it, and
 * only one copy does. */
gboolean
_mcp_client_route_to_subscriptions (McpClient  *self,
                                    const char *method,
                                    JsonNode   *params)
{
  JsonObject *object = params != NULL && JSON_NODE_HOLDS_OBJECT (params)
                       ? json_node_get_object (params) : NULL;
  JsonObject *meta = _mcp_json_object_get_object (object, "_meta");
  gint64 id;

  if (meta != NULL &&
      _mcp_json_node_is_integer (json_object_get_member (meta, META_SUBSCRIPTION_ID), &id))
    {
      return route_tagged (self, method, params, id);
    }

  for (guint i = 0; i < self->emulated->len; i++)
    {
      McpSubscription *subscription = self->emulated->pdata[i];

      if (_mcp_subscription_wants (subscription, method, params))
        _mcp_subscription_notify (subscription, method, params);
    }

  return TRUE;
}

/* The application closes @subscription. */
void
_mcp_client_close_subscription (McpClient       *self,
                                McpSubscription *subscription)
{
  Listen *listen = g_object_get_data (G_OBJECT (subscription), "mcp-listen");

  if (listen != NULL)
    {
      /* Cancelling the request ends it: a notifications/cancelled on stdio,
       * the end of its stream over HTTP. */
      listen->closing = TRUE;
      g_cancellable_cancel (listen->cancellable);
      return;
    }

  if (!g_ptr_array_find (self->emulated, subscription, NULL))
    return;

  release_resources (self, mcp_subscription_get_resources (subscription));
  g_ptr_array_remove (self->emulated, subscription);
}

/* The connection ended: so did every subscription. (Listen requests end
 * with the engine's calls.) */
void
_mcp_client_end_subscriptions (McpClient    *self,
                               const GError *error)
{
  g_autoptr(GPtrArray) emulated = g_steal_pointer (&self->emulated);

  self->emulated = g_ptr_array_new_with_free_func (g_object_unref);
  _mcp_source_clear (&self->listeners_watch);
  _mcp_source_clear (&self->changes_retry);
  g_clear_object (&self->changes);
  g_clear_object (&self->changes_pending);

  for (guint i = 0; i < emulated->len; i++)
    _mcp_subscription_end (emulated->pdata[i], error);
}

/* Older servers: mcp_client_subscribe_resource_async() and its opposite
 * count their subscriptions too. */
void
_mcp_client_count_resource_subscription (McpClient  *self,
                                         const char *uri,
                                         gboolean    subscribe)
{
  if (subscribe)
    resource_ref (self, uri);
  else
    resource_unref (self, uri);
}

/* Stateless servers: mcp_client_subscribe_resource_async() and its opposite
 * change what the client's own subscription asks for. */
void
_mcp_client_change_resource_subscription (McpClient  *self,
                                          const char *uri,
                                          gboolean    subscribe,
                                          GTask      *task)
{
  gboolean changed = subscribe ? resource_ref (self, uri) : resource_unref (self, uri);

  if (!changed)
    {
      g_task_return_boolean (task, TRUE);
      return;
    }

  reopen_changes (self, task);
}

/**
 * mcp_client_listen_async:
 * @self: a connected client
 * @lists: the lists whose changes to report
 * @resource_uris: (nullable) (array zero-terminated=1): the URIs of the
 *   resources whose updates to report
 * @cancellable: (nullable): a cancellable
 * @callback: called once the server agreed
 * @user_data: data for @callback
 *
 * Subscribes to changes: of the server's lists of tools, prompts or
 * resources, and of given resources. The subscription reports them as
 * [signal@Mcp.Subscription::notification] until it is closed.
 *
 * With a stateless server (2026-07-28) this is a `subscriptions/listen`
 * request, which stays open; with an older one, the client makes the same
 * of the list changes that server sends anyway and `resources/subscribe`.
 * The server may agree to less than was asked: see
 * [method@Mcp.Subscription.get_lists] and
 * [method@Mcp.Subscription.get_resources].
 *
 * The client's own live models and signals do not need a subscription of
 * the application's: the client keeps one itself.
 *
 * Since: 1.0
 */
void
mcp_client_listen_async (McpClient           *self,
                         McpListChanges       lists,
                         const char * const  *resource_uris,
                         GCancellable        *cancellable,
                         GAsyncReadyCallback  callback,
                         gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;

  g_return_if_fail (MCP_IS_CLIENT (self));
  g_return_if_fail (!cancellable || G_IS_CANCELLABLE (cancellable));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, mcp_client_listen_async);

  if (!_mcp_client_check_ready (self, task))
    return;

  if (self->stateless)
    listen_open (self, lists, resource_uris, FALSE, task);
  else
    listen_emulated (self, lists, resource_uris, task);
}

/**
 * mcp_client_listen_finish:
 * @self: a client
 * @result: the result passed to the callback
 * @error: return location for an error
 *
 * Completes [method@Mcp.Client.listen_async].
 *
 * Returns: (transfer full): the subscription, active
 *
 * Since: 1.0
 */
McpSubscription *
mcp_client_listen_finish (McpClient     *self,
                          GAsyncResult  *result,
                          GError       **error)
{
  g_return_val_if_fail (MCP_IS_CLIENT (self), NULL);
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}
