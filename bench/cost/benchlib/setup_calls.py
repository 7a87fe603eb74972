"""HTTP (urllib) for the setup of a run: a gateway's topology, deployments, creations; an error
status is an answer, not an exception."""
import json
import ssl
import time
import urllib.error
import urllib.request
import uuid

from .procs import BenchError


def http(method, url, body=None, headers=None, timeout=10.0):
    """(status, JSON body) of one request; an error status is an answer, not an exception."""
    data = None
    headers = dict(headers or {})
    if body is not None and not isinstance(body, bytes):
        data = json.dumps(body).encode()
        headers.setdefault("Content-Type", "application/json")
    elif body is not None:
        data = body
    request = urllib.request.Request(url, data=data, method=method, headers=headers)
    # the overload run's TLS gateway has a self-signed certificate
    context = ssl._create_unverified_context() if url.startswith("https:") else None
    try:
        with urllib.request.urlopen(request, timeout=timeout, context=context) as response:
            raw = response.read()
            return response.status, (json.loads(raw) if raw else None)
    except urllib.error.HTTPError as e:
        raw = e.read()
        try:
            return e.code, json.loads(raw) if raw else None
        except ValueError:
            return e.code, raw.decode(errors="replace")


def multipart(files):
    boundary = "costbench" + uuid.uuid4().hex
    parts = []
    for path in files:
        parts.append(("--%s\r\nContent-Disposition: form-data; name=\"resources\"; "
                      "filename=\"%s\"\r\nContent-Type: application/xml\r\n\r\n"
                      % (boundary, path.name)).encode())
        parts.append(path.read_bytes())
        parts.append(b"\r\n")
    parts.append(("--%s--\r\n" % boundary).encode())
    return b"".join(parts), "multipart/form-data; boundary=" + boundary


def deploy(rest, files):
    body, ctype = multipart(files)
    status, answer = http("POST", rest + "/v2/deployments", body, {"Content-Type": ctype},
                          timeout=30)
    if status != 200:
        raise BenchError("deployment on %s answered %s: %s" % (rest, status, answer))


def await_topology(rest, timeout, leaders=3, interval=0.5, proc=None, where="its log"):
    """Polls REST /v2/topology until `leaders` partitions have a leader; BenchError when the
    gateway process exits or the time is up."""
    deadline, last = time.monotonic() + timeout, None
    while time.monotonic() < deadline:
        if proc is not None and proc.poll() is not None:
            raise BenchError("gateway exited (%s); see %s" % (proc.returncode, where))
        try:
            status, last = http("GET", rest + "/v2/topology", timeout=2)
            if status == 200 and isinstance(last, dict) and len(
                    {p.get("partitionId") for b in last.get("brokers", [])
                     for p in b.get("partitions", []) if p.get("role") == "leader"}) >= leaders:
                return
        except (OSError, ValueError):
            pass
        time.sleep(interval)
    raise BenchError("gateway %s: no %d partitions with leaders after %d s (last topology: %s); "
                     "see %s" % (rest, leaders, timeout, last, where))
