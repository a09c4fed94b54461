/* mcp-task.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The state of a task (revision 2025-11-25): a request the receiver runs
 * in the background while the requester polls. The status is mapped to an
 * enumeration once, when the task is created; a status a later revision
 * adds is of the unknown status, with its JSON intact, rather than an
 * error, so that polling a newer peer keeps working.
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "mcp-i18n-private.h"

#include "mcp-enums.h"
#include "mcp-json-private.h"
#include "mcp-task.h"

/**
 * McpTask:
 *
 * A snapshot of a task: its identifier, its status and how long it is
 * kept.
 *
 * A task is a value, not a live object: poll the peer for a new one to see
 * the status change. Stop polling once [func@Mcp.TaskStatus.is_terminal]
 * says the status is final.
 *
 * Since: 1.0
 */

struct _McpTask
{
  GObject        parent_instance;

  JsonObject    *json;
  McpTaskStatus  status;
};

G_DEFINE_FINAL_TYPE (McpTask, mcp_task, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_TASK_ID,
  PROP_STATUS,
  PROP_STATUS_MESSAGE,
  PROP_CREATED_AT,
  PROP_LAST_UPDATED_AT,
  PROP_TTL,
  PROP_POLL_INTERVAL,
  PROP_JSON,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static const struct {
  const char    *name;
  McpTaskStatus  status;
} statuses[] = {
  { "working", MCP_TASK_STATUS_WORKING },
  { "input_required", MCP_TASK_STATUS_INPUT_REQUIRED },
  { "completed", MCP_TASK_STATUS_COMPLETED },
  { "failed", MCP_TASK_STATUS_FAILED },
  { "cancelled", MCP_TASK_STATUS_CANCELLED },
};

static void
mcp_task_finalize (GObject *object)
{
  McpTask *self = (McpTask *)object;

  g_clear_pointer (&self->json, json_object_unref);

  G_OBJECT_CLASS (mcp_task_parent_class)->finalize (object);
}

static void
mcp_task_get_property (GObject    *object,
                       guint       prop_id,
                       GValue     *value,
                       GParamSpec *pspec)
{
  McpTask *self = MCP_TASK (object);

  switch (prop_id)
    {
    case PROP_TASK_ID:
      g_value_set_string (value, mcp_task_get_task_id (self));
      break;

    case PROP_STATUS:
      g_value_set_enum (value, self->status);
      break;

    case PROP_STATUS_MESSAGE:
      g_value_set_string (value, mcp_task_get_status_message (self));
      break;

    case PROP_CREATED_AT:
      g_value_set_string (value, mcp_task_get_created_at (self));
      break;

    case PROP_LAST_UPDATED_AT:
      g_value_set_string (value, mcp_task_get_last_updated_at (self));
      break;

    case PROP_TTL:
      g_value_set_int64 (value, mcp_task_get_ttl (self));
      break;

    case PROP_POLL_INTERVAL:
      g_value_set_int64 (value, mcp_task_get_poll_interval (self));
      break;

    case PROP_JSON:
      g_value_set_boxed (value, self->json);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
mcp_task_class_init (McpTaskClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = mcp_task_finalize;
  object_class->get_property = mcp_task_get_property;

  /**
   * McpTask:task-id:
   *
   * The identifier to poll, fetch or cancel the task by.
   *
   * Since: 1.0
   */
  properties[PROP_TASK_ID] =
    g_param_spec_string ("task-id", NULL, NULL, NULL,
                         (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  /**
   * McpTask:status:
   *
   * The task's state.
   *
   * Since: 1.0
   */
  properties[PROP_STATUS] =
    g_param_spec_enum ("status", NULL, NULL,
                       MCP_TYPE_TASK_STATUS, MCP_TASK_STATUS_UNKNOWN,
                       (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  /**
   * McpTask:status-message:
   *
   * A message about the state for people, such as why the task failed, or
   * %NULL.
   *
   * Since: 1.0
   */
  properties[PROP_STATUS_MESSAGE] =
    g_param_spec_string ("status-message", NULL, NULL, NULL,
                         (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  /**
   * McpTask:created-at:
   *
   * When the task was created, an ISO 8601 timestamp exactly as sent.
   *
   * Since: 1.0
   */
  properties[PROP_CREATED_AT] =
    g_param_spec_string ("created-at", NULL, NULL, NULL,
                         (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  /**
   * McpTask:last-updated-at:
   *
   * When the task last changed, an ISO 8601 timestamp exactly as sent.
   *
   * Since: 1.0
   */
  properties[PROP_LAST_UPDATED_AT] =
    g_param_spec_string ("last-updated-at", NULL, NULL, NULL,
                         (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  /**
   * McpTask:ttl:
   *
   * How long the task is kept after its creation, in milliseconds, or -1
   * if without limit.
   *
   * Since: 1.0
   */
  properties[PROP_TTL] =
    g_param_spec_int64 ("ttl", NULL, NULL, -1, G_MAXINT64, -1,
                        (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  /**
   * McpTask:poll-interval:
   *
   * How long to wait between polls, in milliseconds, or -1 if the peer did
   * not suggest an interval.
   *
   * Since: 1.0
   */
  properties[PROP_POLL_INTERVAL] =
    g_param_spec_int64 ("poll-interval", NULL, NULL, -1, G_MAXINT64, -1,
                        (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  /**
   * McpTask:json:
   *
   * The task exactly as the peer described it.
   *
   * Since: 1.0
   */
  properties[PROP_JSON] =
    g_param_spec_boxed ("json", NULL, NULL, JSON_TYPE_OBJECT,
                        (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
mcp_task_init (McpTask *self)
{
}

/**
 * mcp_task_status_is_terminal:
 * @status: a task status
 *
 * Returns whether a task in @status is finished for good: completed,
 * failed or cancelled. An unknown status is not terminal.
 *
 * Returns: whether @status is final
 *
 * Since: 1.0
 */
gboolean
mcp_task_status_is_terminal (McpTaskStatus status)
{
  return status == MCP_TASK_STATUS_COMPLETED ||
         status == MCP_TASK_STATUS_FAILED ||
         status == MCP_TASK_STATUS_CANCELLED;
}

/**
 * mcp_task_new_from_json:
 * @json: a `Task` object
 * @error: return location for an error
 *
 * Creates a task from its JSON. The task must have a string `taskId` and
 * a string `status`; a status mcp-glib does not know gives
 * [enum@Mcp.TaskStatus.UNKNOWN].
 *
 * Returns: (transfer full) (nullable): a new task, or %NULL with @error set
 *
 * Since: 1.0
 */
McpTask *
mcp_task_new_from_json (JsonObject  *json,
                        GError     **error)
{
  McpTask *self;
  const char *status;

  g_return_val_if_fail (json != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  _mcp_i18n_init ();

  if (_mcp_json_object_get_string (json, "taskId") == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                           _("A task has no identifier"));
      return NULL;
    }

  if (!(status = _mcp_json_object_get_string (json, "status")))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   _("The task “%s” has no status"),
                   _mcp_json_object_get_string (json, "taskId"));
      return NULL;
    }

  self = g_object_new (MCP_TYPE_TASK, NULL);
  self->json = json_object_ref (json);
  self->status = MCP_TASK_STATUS_UNKNOWN;

  for (guint i = 0; i < G_N_ELEMENTS (statuses); i++)
    if (g_str_equal (status, statuses[i].name))
      self->status = statuses[i].status;

  return self;
}

/**
 * mcp_task_get_task_id:
 * @self: a task
 *
 * Gets the identifier to poll, fetch or cancel the task by.
 *
 * Returns: the task's identifier
 *
 * Since: 1.0
 */
const char *
mcp_task_get_task_id (McpTask *self)
{
  g_return_val_if_fail (MCP_IS_TASK (self), NULL);

  return _mcp_json_object_get_string (self->json, "taskId");
}

/**
 * mcp_task_get_status:
 * @self: a task
 *
 * Gets the task's state.
 *
 * Returns: the task's state
 *
 * Since: 1.0
 */
McpTaskStatus
mcp_task_get_status (McpTask *self)
{
  g_return_val_if_fail (MCP_IS_TASK (self), MCP_TASK_STATUS_UNKNOWN);

  return self->status;
}

/**
 * mcp_task_get_status_message:
 * @self: a task
 *
 * Gets the message about the task's state, meant for people.
 *
 * Returns: (nullable): the status message
 *
 * Since: 1.0
 */
const char *
mcp_task_get_status_message (McpTask *self)
{
  g_return_val_if_fail (MCP_IS_TASK (self), NULL);

  return _mcp_json_object_get_string (self->json, "statusMessage");
}

/**
 * mcp_task_get_created_at:
 * @self: a task
 *
 * Gets when the task was created, an ISO 8601 timestamp exactly as sent.
 *
 * Returns: (nullable): the creation time
 *
 * Since: 1.0
 */
const char *
mcp_task_get_created_at (McpTask *self)
{
  g_return_val_if_fail (MCP_IS_TASK (self), NULL);

  return _mcp_json_object_get_string (self->json, "createdAt");
}

/**
 * mcp_task_get_last_updated_at:
 * @self: a task
 *
 * Gets when the task last changed, an ISO 8601 timestamp exactly as sent.
 *
 * Returns: (nullable): the time of the last change
 *
 * Since: 1.0
 */
const char *
mcp_task_get_last_updated_at (McpTask *self)
{
  g_return_val_if_fail (MCP_IS_TASK (self), NULL);

  return _mcp_json_object_get_string (self->json, "lastUpdatedAt");
}

/**
 * mcp_task_get_ttl:
 * @self: a task
 *
 * Gets how long the task is kept after its creation.
 *
 * Returns: the time to live in milliseconds, or -1 if without limit
 *
 * Since: 1.0
 */
gint64
mcp_task_get_ttl (McpTask *self)
{
  gint64 ttl;

  g_return_val_if_fail (MCP_IS_TASK (self), -1);

  /* null means unlimited; so, for want of anything better, does a missing
   * or negative value. */
  ttl = _mcp_json_object_get_int (self->json, "ttl", -1);
  return ttl >= 0 ? ttl : -1;
}

/**
 * mcp_task_get_poll_interval:
 * @self: a task
 *
 * Gets how long the peer suggests waiting between polls.
 *
 * Returns: the interval in milliseconds, or -1 if none was suggested
 *
 * Since: 1.0
 */
gint64
mcp_task_get_poll_interval (McpTask *self)
{
  gint64 interval;

  g_return_val_if_fail (MCP_IS_TASK (self), -1);

  /* A negative interval says no more than a missing one. */
  interval = _mcp_json_object_get_int (self->json, "pollInterval", -1);
  return interval >= 0 ? interval : -1;
}

/**
 * mcp_task_get_json:
 * @self: a task
 *
 * Gets the task exactly as the peer described it.
 *
 * Returns: (transfer none): the task exactly as the peer described it
 *
 * Since: 1.0
 */
JsonObject *
mcp_task_get_json (McpTask *self)
{
  g_return_val_if_fail (MCP_IS_TASK (self), NULL);

  return self->json;
}
