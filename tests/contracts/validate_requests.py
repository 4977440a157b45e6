#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Validates every request the app sent during the GUI tests against the published OpenAPI document,
and the InfiniBand routes against INFINIBAND.md. sfsim records each request (--request-log, set by
the tests through SFDESK_REQUEST_LOG_DIR) as one JSON line: method, path, query, whether it carried
a bearer token, content type and body. A request is valid when its route and method exist, every
query parameter is one the operation declares and matches its schema, required parameters are
there, the JSON body matches the operation's request body schema, and it carries a bearer token.
sfsim may be lenient; the real service is not, so any violation fails."""
import glob
import json
import re
import sys
import urllib.parse

import jsonschema

# INFINIBAND.md: the partition and fabric routes (not in the OpenAPI document).
IB_ROUTES = {
    ("GET", "/preview/v2/infiniband_fabrics"): {"query": {"limit", "starting_after", "ending_before"}},
    ("GET", "/preview/v2/infiniband_fabrics/{fabric}"): {"query": set()},
    ("GET", "/preview/v2/infiniband_partitions"): {
        "query": {"workspace", "fabric", "region", "availability_zone", "id", "id[]", "limit",
                  "starting_after", "ending_before"}},
    ("POST", "/preview/v2/infiniband_partitions"): {
        "query": set(), "body": {"required": {"workspace", "name"},
                                 "allowed": {"workspace", "name", "fabric", "region", "availability_zone", "tags"}}},
    ("GET", "/preview/v2/infiniband_partitions/{partition}"): {"query": {"workspace"}},
    ("PATCH", "/preview/v2/infiniband_partitions/{partition}"): {
        "query": {"workspace"}, "body": {"required": set(), "allowed": {"name", "tags"}}},
    ("DELETE", "/preview/v2/infiniband_partitions/{partition}"): {"query": {"workspace"}},
    ("GET", "/preview/v2/infiniband_partitions/{partition}/instances"): {
        "query": {"workspace", "limit", "starting_after", "ending_before"}},
}
# The InfiniBand fields INFINIBAND.md adds to POST /instances, and the partition the project's
# contract adds to POST /deployments (tests/data/contracts/infiniband.schema.json, DeploymentExtension).
IB_INSTANCE_FIELDS = {"_preview_infiniband_partition", "_preview_enable_infiniband", "infiniband_partition"}
IB_DEPLOYMENT_FIELDS = {"infiniband_partition"}
NAME = re.compile(r"\A[a-zA-Z0-9][a-zA-Z0-9._-]{0,62}\Z")


def template_regex(template):
    return re.compile("^" + re.sub(r"\{[^}]+\}", "[^/]+", template) + "$")


def coerce(value, schema, components):
    """Query values are strings; turn them into what the parameter's schema describes."""
    while "$ref" in schema:
        schema = components["schemas"][schema["$ref"].split("/")[-1]]
    kinds = schema.get("type")
    if isinstance(kinds, list):
        kinds = next((k for k in kinds if k != "null"), None)
    try:
        if kinds == "integer":
            return int(value)
        if kinds == "number":
            return float(value)
        if kinds == "boolean":
            return {"true": True, "false": False}[value]
        if kinds == "array":
            return value.split(",")
    except (ValueError, KeyError):
        return value
    return value


def main():
    openapi_file, log_dir = sys.argv[1:3]
    spec = json.load(open(openapi_file))
    components = spec["components"]
    templates = sorted(spec["paths"].keys(), key=lambda t: t.count("{"))
    ib_templates = sorted(IB_ROUTES.keys(), key=lambda k: k[1].count("{"))

    records = []
    files = sorted(glob.glob(log_dir + "/*.jsonl"))
    for name in files:
        with open(name) as f:
            records += [(name, json.loads(line)) for line in f if line.strip()]
    if not records:
        print("no recorded requests in", log_dir)
        return 1

    failures = []
    checked = 0
    cache = {}

    def validator(schema):
        key = json.dumps(schema, sort_keys=True)
        if key not in cache:
            cache[key] = jsonschema.Draft202012Validator({**schema, "components": components})
        return cache[key]

    for source, rec in records:
        method, path = rec["method"], rec["path"]
        query = urllib.parse.parse_qsl(rec.get("query", ""), keep_blank_values=True)
        where = "%s %s?%s (%s)" % (method, path, rec.get("query", ""), source.rsplit("/", 1)[-1])

        def fail(message):
            failures.append("%s: %s" % (where, message))

        checked += 1
        if rec.get("authorization") != "bearer":
            fail("no bearer token")

        ib = next((k for k in ib_templates if k[0] == method and template_regex(k[1]).match(path)), None)
        if ib:
            route = IB_ROUTES[ib]
            for name, _ in query:
                if name not in route["query"]:
                    fail("query parameter %r is not in INFINIBAND.md" % name)
            if "body" in route:
                try:
                    body = json.loads(rec.get("body") or "null")
                except ValueError:
                    fail("body is not JSON")
                    continue
                if not isinstance(body, dict):
                    fail("body is not an object")
                    continue
                missing = route["body"]["required"] - set(body)
                extra = set(body) - route["body"]["allowed"]
                if missing:
                    fail("body lacks %s" % sorted(missing))
                if extra:
                    fail("body has fields INFINIBAND.md does not name: %s" % sorted(extra))
                if "name" in body and not (isinstance(body["name"], str) and NAME.match(body["name"])):
                    fail("name %r is not a valid name" % body["name"])
            continue

        template = next((t for t in templates if template_regex(t).match(path)), None)
        if template is None:
            fail("path not in the API document")
            continue
        operation = spec["paths"][template].get(method.lower())
        if operation is None:
            fail("method not in the API document for %s" % template)
            continue
        params = {}
        for p in operation.get("parameters", []) + spec["paths"][template].get("parameters", []):
            if "$ref" in p:
                p = components["parameters"][p["$ref"].split("/")[-1]]
            params[(p["in"], p["name"])] = p
        seen = set()
        for name, value in query:
            p = params.get(("query", name))
            if p is None:
                fail("query parameter %r is not declared for %s %s" % (name, method, template))
                continue
            seen.add(name)
            schema = p.get("schema", {})
            errors = list(validator(schema).iter_errors(coerce(value, schema, components)))
            if errors:
                fail("query parameter %s=%r: %s" % (name, value, errors[0].message))
        for (where_in, name), p in params.items():
            if where_in == "query" and p.get("required") and name not in seen:
                fail("required query parameter %r missing" % name)
        segments = path.split("/")
        for i, part in enumerate(template.split("/")):
            if part.startswith("{"):
                p = params.get(("path", part[1:-1]))
                if p:
                    value = urllib.parse.unquote(segments[i])
                    errors = list(validator(p.get("schema", {})).iter_errors(value))
                    if errors:
                        fail("path parameter %s=%r: %s" % (part, value, errors[0].message))
        body_spec = operation.get("requestBody")
        raw = rec.get("body") or ""
        if body_spec:
            schema = body_spec.get("content", {}).get("application/json", {}).get("schema")
            if not raw:
                if body_spec.get("required"):
                    fail("request body required")
                continue
            if not rec.get("content_type", "").startswith("application/json"):
                fail("body sent as %r, not application/json" % rec.get("content_type"))
            try:
                body = json.loads(raw)
            except ValueError:
                fail("body is not JSON")
                continue
            if template == "/preview/v2/instances" and method == "POST" and isinstance(body, dict):
                body = {k: v for k, v in body.items() if k not in IB_INSTANCE_FIELDS}
            if template == "/preview/v2/deployments" and isinstance(body, dict):
                if "infiniband_partition" in body and not isinstance(body["infiniband_partition"], str):
                    fail("infiniband_partition of a deployment must be a partition reference")
                body = {k: v for k, v in body.items() if k not in IB_DEPLOYMENT_FIELDS}
            if schema:
                errors = list(validator(schema).iter_errors(body))
                if errors:
                    fail("body: %s at %s" % (errors[0].message, list(errors[0].absolute_path)))
        elif raw and raw not in ("{}",):
            fail("a body the operation does not take")

    print("validated %d requests from %d files" % (checked, len(files)))
    for f in failures[:60]:
        print("FAIL", f)
    if len(failures) > 60:
        print("... and %d more" % (len(failures) - 60))
    print("%d violations in %d requests" % (len(failures), checked))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
