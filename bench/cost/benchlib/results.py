"""A run's results file, DIR/results.json.gz: compact JSON, gzip level 9 with no time stamp (the
same data gives the same bytes), written through a temporary file so that a crash never leaves
half a file. An older run's plain DIR/results.json still loads.

    zcat DIR/results.json.gz | python3 -m json.tool
"""
import gzip
import json
from pathlib import Path

NAME = "results.json.gz"
PLAIN = "results.json"  # runs from before the gzip


def path(directory):
    """The directory's results file (the gzip one first), or None when it has none."""
    for name in (NAME, PLAIN):
        candidate = Path(directory) / name
        if candidate.exists():
            return candidate
    return None


def save(directory, data):
    target = Path(directory) / NAME
    tmp = target.with_name(NAME + ".tmp")
    text = json.dumps(data, separators=(",", ":"))
    tmp.write_bytes(gzip.compress(text.encode(), compresslevel=9, mtime=0))
    tmp.replace(target)
    return target


def load(directory):
    found = path(directory)
    if found is None:
        raise FileNotFoundError("no %s or %s in %s" % (NAME, PLAIN, directory))
    raw = found.read_bytes()
    return json.loads(gzip.decompress(raw) if found.name == NAME else raw)
