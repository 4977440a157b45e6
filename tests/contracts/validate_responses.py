#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Validates every response the sim tests received against the published OpenAPI document and the
project's InfiniBand schema. The tests append (method, path, status, body) to JSONL files; this
script reads them all. Error responses must use the envelope and the status/type table of API.md;
statuses an operation does not declare are allowed for errors (the issue asks for 400/413/422 on
every route) but are counted, and must still use the envelope."""
import glob
import json
import re
import sys

import jsonschema

STATUS_TYPES = {400: "invalid_request_error", 401: "authentication_error", 402: "payment_required",
                403: "forbidden", 404: "not_found", 405: "invalid_request_error", 409: "conflict",
                413: "invalid_request_error", 422: "unprocessable_entity", 500: "api_error",
                503: "service_unavailable"}


# Operations the sim tests must have seen succeed, so that this check covers them: the procurements
# and pool transfers, which only their own tests (tst_simprocurements, tst_simpooltransfers) reach.
REQUIRED = [("POST", "/preview/v2/procurements"), ("GET", "/preview/v2/procurements"),
            ("GET", "/preview/v2/procurements/{id}"), ("PATCH", "/preview/v2/procurements/{id}"),
            ("DELETE", "/preview/v2/procurements/{id}"), ("POST", "/preview/v2/pool_transfers"),
            ("GET", "/preview/v2/pool_transfers"), ("GET", "/preview/v2/pool_transfers/{id}")]

# Answers of the instance-template, deployment, replace and batch-patch operations, successes and
# documented refusals alike, each of which a sim test must have received.
REQUIRED_ANSWERS = [
    ("POST", "/preview/v2/instance_templates", 201),
    ("GET", "/preview/v2/instance_templates", 200),
    ("GET", "/preview/v2/instance_templates/{id}", 200),
    ("DELETE", "/preview/v2/instance_templates/{id}", 204),
    ("DELETE", "/preview/v2/instance_templates/{id}", 422),
    ("POST", "/preview/v2/deployments", 201),
    ("POST", "/preview/v2/deployments", 409),
    ("GET", "/preview/v2/deployments", 200),
    ("GET", "/preview/v2/deployments/{id}", 200),
    ("PATCH", "/preview/v2/deployments/{id}", 200),
    ("PATCH", "/preview/v2/deployments/{id}", 400),
    ("DELETE", "/preview/v2/deployments/{id}", 204),
    ("PATCH", "/preview/v2/instances", 200),
    ("PATCH", "/preview/v2/instances", 422),
    ("POST", "/preview/v2/instances/{id}/replace", 201),
    ("POST", "/preview/v2/instances/{id}/replace", 404),
]


def template_regex(template):
    return re.compile("^" + re.sub(r"\{[^}]+\}", "[^/]+", template) + "$")


def main():
    openapi_file, ib_file, log_dir = sys.argv[1:4]
    spec = json.load(open(openapi_file))
    ib = json.load(open(ib_file))
    validator_cls = jsonschema.Draft202012Validator

    def openapi_validator(schema):
        return validator_cls({**schema, "components": spec["components"]})

    def ib_validator(name):
        if name.startswith("openapi:"):
            return openapi_validator({"$ref": "#/components/schemas/" + name[8:]})
        return validator_cls({"$ref": "#/$defs/" + name, "$defs": ib["$defs"]})

    envelope = ib_validator("Error")
    instance_ext = ib_validator("InstanceExtension")
    sku_ext = ib_validator("InstanceSkuExtension")
    deployment_ext = ib_validator("DeploymentExtension")
    templates = sorted(spec["paths"].keys(), key=lambda t: t.count("{"))
    ib_routes = sorted(ib["x-routes"], key=lambda r: r["path"].count("{"))

    records = []
    for name in sorted(glob.glob(log_dir + "/*.jsonl")):
        with open(name) as f:
            records += [(name, json.loads(line)) for line in f if line.strip()]
    if not records:
        print("no recorded responses in", log_dir)
        return 1

    failures, undeclared, checked = [], {}, 0
    # (method, path template, status) of every answer received.
    answered = set()
    cache = {}

    def fail(rec, message):
        failures.append("%s %s -> %d: %s" % (rec["method"], rec["path"], rec["status"], message))

    for source, rec in records:
        path, method, status = rec["path"], rec["method"], rec["status"]
        if path.startswith("/_sim/") or path.startswith("/v1/") or status == 0:
            continue
        if path.startswith("/v2/"):
            path = "/preview" + path
        raw = rec["raw"]
        template = next((t for t in templates if template_regex(t).match(path)), None)
        answered.add((method, template, status))
        if status == 204:
            checked += 1
            if raw:
                fail(rec, "204 with a body")
            continue
        try:
            body = json.loads(raw)
        except ValueError:
            fail(rec, "body is not JSON: %r" % raw[:80])
            continue
        checked += 1
        if status >= 400:
            errors = list(envelope.iter_errors(body))
            if errors:
                fail(rec, "bad error envelope: " + errors[0].message)
                continue
            if body["error"]["type"] != STATUS_TYPES.get(status):
                fail(rec, "error type %s does not go with status %d" % (body["error"]["type"], status))

        ib_route = next((r for r in ib_routes if r["method"] == method and template_regex(r["path"]).match(path)), None)
        if ib_route:
            schema = ib_route["responses"].get(str(status), "missing")
            if schema == "missing":
                fail(rec, "status not in INFINIBAND.md for this route")
            elif schema:
                key = ("ib", schema)
                cache.setdefault(key, ib_validator(schema))
                errs = list(cache[key].iter_errors(body))
                if errs:
                    fail(rec, "INFINIBAND.md schema %s: %s at %s" % (schema, errs[0].message, list(errs[0].absolute_path)))
            if status == 200 and path.endswith("/instances"):
                for item in body.get("data", []):
                    for e in instance_ext.iter_errors(item):
                        fail(rec, "instance extension: " + e.message)
            continue

        if template is None:
            if status != 404:
                fail(rec, "path not in the OpenAPI document and not a 404")
            continue
        operation = spec["paths"][template].get(method.lower())
        if operation is None:
            if status not in (404, 405):
                fail(rec, "method not in the OpenAPI document")
            continue
        declared = operation["responses"].get(str(status))
        if declared is None:
            if status < 400:
                fail(rec, "success status not declared by the OpenAPI document")
            else:
                undeclared[(method, template, status)] = undeclared.get((method, template, status), 0) + 1
            continue
        content = declared.get("content", {}).get("application/json", {}).get("schema")
        if content:
            key = ("oa", method, template, status)
            cache.setdefault(key, openapi_validator(content))
            errs = list(cache[key].iter_errors(body))
            if errs:
                fail(rec, "OpenAPI: %s at %s" % (errs[0].message, list(errs[0].absolute_path)))
        # The InfiniBand additions to instances and SKUs.
        if status in (200, 201) and template.startswith("/preview/v2/instances") and not template.endswith(("logs", "ssh")):
            items = body.get("data", [body]) if body.get("object") == "list" else [body]
            for item in items:
                for e in instance_ext.iter_errors(item):
                    fail(rec, "instance extension: " + e.message)
        if status in (200, 201) and template.startswith("/preview/v2/deployments"):
            items = body.get("data", []) if body.get("object") == "list" else [body]
            for item in items:
                for e in deployment_ext.iter_errors(item):
                    fail(rec, "deployment extension: " + e.message)
        if status == 200 and template in ("/preview/v2/instance_skus", "/preview/v2/instance_skus/{id}"):
            items = body.get("data", []) if body.get("object") == "list" else [body]
            for item in items:
                for e in sku_ext.iter_errors(item):
                    fail(rec, "instance SKU extension: " + e.message)

    for method, template in REQUIRED:
        if not any((method, template, status) in answered for status in range(200, 300)):
            failures.append("%s %s: no successful response recorded (the sim tests must cover it)" % (method, template))
    for method, template, status in REQUIRED_ANSWERS:
        if (method, template, status) not in answered:
            failures.append("%s %s -> %d: no sim test received this answer" % (method, template, status))

    print("checked %d responses from %d files" % (checked, len(glob.glob(log_dir + "/*.jsonl"))))
    for (method, template, status), n in sorted(undeclared.items()):
        print("note: %s %s answered %d (%d times), a status the OpenAPI document does not declare" %
              (method, template, status, n))
    for f in failures[:200]:
        print("FAIL:", f)
    print("%d failures" % len(failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
