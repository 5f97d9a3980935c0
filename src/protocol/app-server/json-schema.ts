// JSON Schema for clients, generated from the same zod tables the server validates with: one file per
// params / response / notification type, the unions of every method, and one file with every definition.
import { z } from "zod";
import { methods } from "./methods.js";
import { clientNotifications, serverNotifications } from "./v2/notifications.js";
import { serverRequests } from "./v2/server-requests.js";

export type JsonSchema = Record<string, unknown>;

const DRAFT_07 = "http://json-schema.org/draft-07/schema#";

/** "item/agentMessage/delta" -> "ItemAgentMessageDelta". */
export function typeNameOf(method: string): string {
  return method
    .split(/[/_]/)
    .filter((part) => part !== "")
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join("");
}

/** What we accept is described as input (defaults optional); what we send as output. */
function toSchema(schema: z.core.$ZodType, io: "input" | "output", title: string): JsonSchema {
  const json = z.toJSONSchema(schema, { target: "draft-7", io, unrepresentable: "any" }) as JsonSchema;
  delete json.$schema;
  return { title, ...json };
}

export interface GeneratedSchemas {
  /** Relative file path -> schema, e.g. "v2/ThreadStartParams.json". */
  files: Map<string, JsonSchema>;
  /** Type name -> schema (every params, response and notification type). */
  definitions: Record<string, JsonSchema>;
}

function withDraft(schema: JsonSchema): JsonSchema {
  return { $schema: DRAFT_07, ...schema };
}

function unionOf(title: string, branches: JsonSchema[], definitions: Record<string, JsonSchema>): JsonSchema {
  return withDraft({ title, oneOf: branches, definitions });
}

function branch(method: string, params: string | undefined, withId: boolean): JsonSchema {
  const properties: JsonSchema = { method: { type: "string", enum: [method] } };
  const required = ["method"];
  if (withId) {
    properties.id = { $ref: "#/definitions/RequestId" };
    required.unshift("id");
  }
  if (params) {
    properties.params = { $ref: `#/definitions/${params}` };
    required.push("params");
  }
  return {
    title: `${typeNameOf(method)}${withId ? "Request" : "Notification"}`,
    type: "object",
    properties,
    required,
  };
}

export function generateJsonSchemas(): GeneratedSchemas {
  const files = new Map<string, JsonSchema>();
  const definitions: Record<string, JsonSchema> = {
    RequestId: { anyOf: [{ type: "string" }, { type: "integer" }] },
  };
  const add = (dir: string, name: string, schema: z.core.$ZodType, io: "input" | "output") => {
    const json = toSchema(schema, io, name);
    definitions[name] = json;
    files.set(`${dir}${name}.json`, withDraft(json));
    return name;
  };

  const clientBranches = Object.entries(methods).map(([method, spec]) => {
    const name = typeNameOf(method);
    add("v2/", `${name}Response`, spec.result, "output");
    return branch(method, add("v2/", `${name}Params`, spec.params, "input"), true);
  });
  const notificationBranches = Object.entries(serverNotifications).map(([method, schema]) =>
    branch(method, add("v2/", `${typeNameOf(method)}Notification`, schema, "output"), false),
  );
  const requestBranches = Object.entries(serverRequests).map(([method, spec]) => {
    const name = typeNameOf(method);
    add("", `${name}Response`, spec.result, "input");
    return branch(method, add("", `${name}Params`, spec.params, "output"), true);
  });
  const clientNotificationBranches = Object.keys(clientNotifications).map((m) => branch(m, undefined, false));

  files.set("ClientRequest.json", unionOf("ClientRequest", clientBranches, definitions));
  files.set("ServerNotification.json", unionOf("ServerNotification", notificationBranches, definitions));
  files.set("ServerRequest.json", unionOf("ServerRequest", requestBranches, definitions));
  files.set(
    "ClientNotification.json",
    unionOf("ClientNotification", clientNotificationBranches, definitions),
  );
  files.set("RequestId.json", withDraft({ title: "RequestId", ...definitions.RequestId }));
  files.set(
    "codex_ts_app_server_protocol.schemas.json",
    withDraft({ title: "CodexTsAppServerProtocol", type: "object", definitions }),
  );
  return { files, definitions };
}
