#!/usr/bin/env python3
"""Checks a file against the Prometheus text exposition format (0.0.4), as promtool's
`check metrics` would where it is not installed: every sample's family has one # HELP and one
# TYPE before its first sample, families are not split, names and labels are well formed,
counters end in _total, no series is given twice. Prints each fault as FILE:LINE: what; exits 1
if there is one. Usage: prom-text-lint.py FILE"""
import re
import sys

NAME = re.compile(r"[a-zA-Z_:][a-zA-Z0-9_:]*")
LABEL = re.compile(r"[a-zA-Z_][a-zA-Z0-9_]*")
VALUE = re.compile(r"[+-]?(?:Inf|NaN|(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?)")
TYPES = {"counter", "gauge", "histogram", "summary", "untyped"}


def parse_labels(text, where, faults):
    """Parses '{a="x",b="y"}' at the start of TEXT; returns (labels, rest) or (None, None)."""
    labels, i = [], 1
    while True:
        if text[i:i + 1] == "}":
            return labels, text[i + 1:]
        m = LABEL.match(text, i)
        if not m or text[m.end():m.end() + 2] != '="':
            faults.append(f"{where}: bad label at {text[i:]!r}")
            return None, None
        name, i = m.group(), m.end() + 2
        if name.startswith("__"):
            faults.append(f"{where}: label {name} is reserved")
        value = ""
        while i < len(text) and text[i] != '"':
            if text[i] == "\\":
                if text[i + 1:i + 2] not in ("\\", '"', "n"):
                    faults.append(f"{where}: bad escape in label {name}")
                    return None, None
                i += 1
            value += text[i]
            i += 1
        if i >= len(text):
            faults.append(f"{where}: label {name} is not closed")
            return None, None
        labels.append((name, value))
        i += 1
        if text[i:i + 1] == ",":
            i += 1
        elif text[i:i + 1] != "}":
            faults.append(f"{where}: expected ',' or '}}' after label {name}")
            return None, None


def lint(path):
    faults, helps, types, done, series = [], {}, {}, set(), set()
    current = None
    with open(path, encoding="utf-8") as f:
        text = f.read()
    if text and not text.endswith("\n"):
        faults.append(f"{path}: the last line has no newline")
    for n, line in enumerate(text.splitlines(), 1):
        where = f"{path}:{n}"
        if not line.strip():
            continue
        if line.startswith("#"):
            parts = line.split(None, 3)
            if len(parts) >= 3 and parts[1] in ("HELP", "TYPE"):
                kind, name = parts[1], parts[2]
                if not NAME.fullmatch(name):
                    faults.append(f"{where}: bad metric name {name!r}")
                seen = helps if kind == "HELP" else types
                if name in seen:
                    faults.append(f"{where}: second # {kind} for {name}")
                if name in done or name == current:
                    faults.append(f"{where}: # {kind} for {name} after its samples")
                seen[name] = parts[3] if len(parts) > 3 else ""
                if kind == "TYPE" and seen[name] not in TYPES:
                    faults.append(f"{where}: unknown type {seen[name]!r}")
                if kind == "HELP" and not seen[name].strip():
                    faults.append(f"{where}: empty # HELP for {name}")
            continue
        m = NAME.match(line)
        if not m:
            faults.append(f"{where}: bad sample line {line!r}")
            continue
        name, rest = m.group(), line[m.end():]
        labels = []
        if rest.startswith("{"):
            labels, rest = parse_labels(rest, where, faults)
            if labels is None:
                continue
        fields = rest.split()
        if not rest.startswith(" ") or len(fields) not in (1, 2) or not VALUE.fullmatch(fields[0]) or \
                (len(fields) == 2 and not re.fullmatch(r"-?\d+", fields[1])):
            faults.append(f"{where}: bad value or timestamp in {line!r}")
        if name not in helps or name not in types:
            faults.append(f"{where}: sample of {name} without a # HELP and a # TYPE before it")
        if types.get(name) == "counter" and not name.endswith("_total"):
            faults.append(f"{where}: counter {name} does not end in _total")
        if name != current:
            if name in done:
                faults.append(f"{where}: samples of {name} are split by another family")
            if current:
                done.add(current)
            current = name
        key = (name, tuple(sorted(labels)))
        if len({k for k, _ in labels}) != len(labels):
            faults.append(f"{where}: a label given twice")
        if key in series:
            faults.append(f"{where}: series {name}{dict(labels)} given twice")
        series.add(key)
    return faults


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    faults = lint(sys.argv[1])
    for fault in faults:
        print(fault)
    sys.exit(1 if faults else 0)
