/* example.vala
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * mcp-glib from Vala: start the demo server, list its tools, call echo,
 * call countdown while printing its progress, close. The _async/_finish
 * pairs are Vala async methods, awaited with yield while a main loop runs.
 *
 *   valac --pkg mcp-glib-1 example.vala
 */

async int run () {
  var server = Environment.get_variable ("MCP_DEMO_SERVER") ?? "mcp-glib-demo-server";
  var client = new Mcp.Client (new Mcp.StdioTransport ({ server }));

  try {
    yield client.connect_async (null);
    print ("connected to %s\n", client.server_info.name);

    var tools = yield client.list_tools_async (null);
    for (uint i = 0; i < tools.get_n_items (); i++) {
      var tool = (Mcp.Tool) tools.get_item (i);
      print ("tool: %s - %s\n", tool.name, tool.description);
    }

    var arguments = new Json.Object ();
    arguments.set_string_member ("text", "Hello from Vala");
    var result = yield client.call_tool_async ("echo", arguments);
    print ("echo: %s\n", result.dup_text ());

    var options = new Mcp.RequestOptions ();
    options.progress.connect ((progress, total) => print ("progress %g/%g\n", progress, total));
    arguments = new Json.Object ();
    arguments.set_int_member ("from", 3);
    result = yield client.call_tool_async ("countdown", arguments, options, null);
    print ("countdown: %s\n", result.dup_text ());

    yield client.close_async (null);
    return 0;
  } catch (Error error) {
    printerr ("error: %s\n", error.message);
    return 1;
  }
}

int main () {
  var loop = new MainLoop ();
  int status = 1;
  run.begin ((obj, res) => {
    status = run.end (res);
    loop.quit ();
  });
  loop.run ();
  return status;
}
