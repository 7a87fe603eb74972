#!/usr/bin/env python3
"""Spec-driven fuzzing of gatefork's REST API with Schemathesis (issue #12).

Reads the operations the gateway serves (GET /v2/openapi.yaml: the 8.8 spec's served subset),
applies the deliberate deviations of deviations.yaml to that document, and runs Schemathesis
against the gateway with a fixed seed and a time budget. Exit code 0 when no check failed.

Checks: no 5xx, only status codes and content types the spec lists, response bodies that match
the spec's schemas, and schema-violating requests refused. Reports (JUnit, NDJSON) and the
document as tested go to --out.
"""
import argparse
import copy
import os
import pathlib
import subprocess
import sys
import urllib.request

import yaml

CHECKS = ",".join([
    "not_a_server_error",
    "status_code_conformance",
    "content_type_conformance",
    "response_schema_conformance",
    "negative_data_rejection",
])
METHODS = ("get", "put", "post", "delete", "patch")
PROBLEM = {"$ref": "#/components/schemas/ProblemDetail"}


def operations(spec):
    for path, item in spec.get("paths", {}).items():
        for method in METHODS:
            if method in item:
                yield f"{method.upper()} {path}", item[method]


def add_status(spec, status, selection, reason):
    for name, operation in operations(spec):
        selected = (selection == "all"
                    or (selection == "with-body" and "requestBody" in operation)
                    or (isinstance(selection, list) and name in selection))
        responses = operation.setdefault("responses", {})
        if selected and status not in responses:
            responses[status] = {
                "description": f"gatefork deviation: {reason}",
                "content": {"application/problem+json": {"schema": copy.deepcopy(PROBLEM)}},
            }


def cap_examples(node, field, maximum, in_example):
    """Caps the field wherever it appears inside an example of the document."""
    if isinstance(node, dict):
        for key, value in node.items():
            inside = in_example or key in ("example", "examples")
            if inside and key == field and isinstance(value, int) and value > maximum:
                node[key] = maximum
            elif key == field and isinstance(value, dict) and isinstance(value.get("example"), int):
                value["example"] = min(value["example"], maximum)  # the property's own example
            else:
                cap_examples(value, field, maximum, inside)
    elif isinstance(node, list):
        for item in node:
            cap_examples(item, field, maximum, in_example)


def nullable_optional(node):
    """Marks every optional property nullable, in nested (allOf, items, ...) schemas too."""
    if isinstance(node, dict):
        properties = node.get("properties")
        if isinstance(properties, dict):
            required = set(node.get("required", []))
            for name, prop in properties.items():
                if name not in required and isinstance(prop, dict):
                    prop["nullable"] = True
        for value in node.values():
            nullable_optional(value)
    elif isinstance(node, list):
        for item in node:
            nullable_optional(item)


def apply(spec, deviations):
    for entry in deviations:
        reason = entry["id"]
        if "add-status" in entry:
            add_status(spec, entry["add-status"]["status"], entry["add-status"]["operations"], reason)
        if "set-format" in entry:
            change = entry["set-format"]
            schema = spec["components"]["schemas"][change["schema"]]
            schema["properties"][change["property"]]["format"] = change["format"]
        if entry.get("nullable-optional-properties"):
            nullable_optional(spec["components"]["schemas"])
        if "cap-body-field" in entry:
            # the generated requests are capped by fuzz_hooks.py; the spec's examples here
            cap = entry["cap-body-field"]
            cap_examples(spec, cap["field"], cap["max"], False)
        if entry.get("oneof-without-type"):
            for schema in spec["components"]["schemas"].values():
                if "oneOf" in schema:
                    schema.pop("type", None)
        if entry.get("drop-security"):
            spec.pop("security", None)
            for _, operation in operations(spec):
                operation.pop("security", None)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base-url", required=True, help="e.g. http://127.0.0.1:8080")
    parser.add_argument("--out", required=True, help="directory for the reports")
    parser.add_argument("--seed", default="20261124")
    parser.add_argument("--max-time", default="150", help="seconds for the whole run")
    parser.add_argument("--max-examples", default="25", help="test cases per operation and phase")
    # one worker: Hypothesis' lambda introspection is not thread-safe on CPython 3.11 ("AST
    # constructor recursion depth mismatch" errors with two)
    parser.add_argument("--workers", default="1")
    args = parser.parse_args()

    here = pathlib.Path(__file__).resolve().parent
    deviations_file = here / "deviations.yaml"
    deviations = yaml.safe_load(deviations_file.read_text(encoding="utf-8"))
    with urllib.request.urlopen(args.base_url + "/v2/openapi.yaml", timeout=30) as response:
        spec = yaml.safe_load(response.read())
    apply(spec, deviations)

    out = pathlib.Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    tested = out / "openapi-as-tested.yaml"
    tested.write_text(yaml.safe_dump(spec, sort_keys=False), encoding="utf-8")

    env = dict(os.environ,
               SCHEMATHESIS_HOOKS="fuzz_hooks",
               GATEFORK_FUZZ_DEVIATIONS=str(deviations_file),
               PYTHONPATH=str(here) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    command = [
        sys.executable, "-c", "from schemathesis.cli import schemathesis; schemathesis()",
        "run", str(tested),
        "--url", args.base_url + "/v2",
        "--seed", args.seed,
        "--max-time", args.max_time,
        "--max-examples", args.max_examples,
        "--workers", args.workers,
        "--phases", "examples,coverage,fuzzing",
        "--checks", CHECKS,
        "--no-shrink",
        # LongKey path parameters have a narrow pattern: most drawn strings are filtered out
        "--suppress-health-check", "filter_too_much",
        "--generation-database", "none",
        "--request-timeout", "20",
        "--no-color",
        "--report", "junit,ndjson",
        "--report-dir", str(out),
    ]
    for entry in deviations:
        for operation_id in entry.get("exclude-operation-ids", []):
            command += ["--exclude-operation-id", operation_id]
    print("Running: " + " ".join(command), flush=True)
    return subprocess.run(command, env=env, check=False).returncode


if __name__ == "__main__":
    sys.exit(main())
