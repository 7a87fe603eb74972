"""Schemathesis hooks for the spec-driven fuzzing: the request-side entries of deviations.yaml."""
import os

import schemathesis
import yaml

_CAPS = {}
for _entry in yaml.safe_load(open(os.environ["GATEFORK_FUZZ_DEVIATIONS"], encoding="utf-8")):
    _cap = _entry.get("cap-body-field")
    if _cap:
        for _operation in _cap["operations"]:
            _CAPS.setdefault(_operation, []).append((_cap["field"], _cap["max"]))


@schemathesis.hook
def map_body(context, body):
    operation = context.operation
    if operation is None or not isinstance(body, dict):
        return body
    for field, maximum in _CAPS.get(f"{operation.method.upper()} {operation.path}", []):
        value = body.get(field)
        if value is None or (isinstance(value, int) and not isinstance(value, bool) and value > maximum):
            body[field] = maximum
    return body
