#!/usr/bin/env python3
"""Fails when a library target depends on, or imports, a target that comes after it.

Package.swift lists the library's targets in pipeline order (`libraryLayers`: the shared
targets first, then the stages, then ScreenshotCompose, which orchestrates them). A target may
depend on and import only the targets before it in that list (and the C system libraries).
SwiftPM already refuses a cycle; this also catches a stage that reaches forward by an `import`
its Package.swift entry does not declare (which can compile when the module happens to be
built first) and a dependency added in the wrong direction. `make test` runs it."""
import os
import re
import sys

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
package = open(os.path.join(root, "Package.swift"), encoding="utf-8").read()


def calls(text, kinds):
    """Each `.kind( … )` call with balanced parentheses: (kind, body)."""
    for m in re.finditer(r"\.(%s)\(" % "|".join(kinds), text):
        depth, i = 1, m.end()
        while depth and i < len(text):
            depth += {"(": 1, ")": -1}.get(text[i], 0)
            i += 1
        yield m.group(1), text[m.end():i - 1]


layers_match = re.search(r"let libraryLayers\s*(?::\s*\[String\])?\s*=\s*\[(.*?)\]", package, re.S)
if not layers_match:
    sys.exit("check-stages: Package.swift has no `let libraryLayers = [...]`")
layers = re.findall(r'"([^"]+)"', layers_match.group(1))
rank = {name: i for i, name in enumerate(layers)}

targets = {}
for kind, body in calls(package, ["target", "executableTarget", "testTarget", "systemLibrary"]):
    name = re.search(r'name:\s*"([^"]+)"', body)
    if not name:
        continue
    deps = re.search(r"dependencies:\s*\[(.*?)\]", body, re.S)
    path = re.search(r'path:\s*"([^"]+)"', body)
    targets[name.group(1)] = {
        "kind": kind,
        "deps": re.findall(r'"([^"]+)"', deps.group(1)) if deps else [],
        "path": path.group(1) if path else os.path.join("Sources", name.group(1)),
    }

problems = []
for name in layers:
    if name not in targets:
        problems.append(f"Package.swift: libraryLayers names {name}, which is not a target")
for name, target in targets.items():
    if name not in rank:
        continue
    for dep in target["deps"]:
        if dep in rank and rank[dep] >= rank[name]:
            problems.append(f"Package.swift: target {name} depends on {dep}: expected only targets before it in libraryLayers ({', '.join(layers[:rank[name]]) or 'none'}), found {dep}, which comes after it")
    folder = os.path.join(root, target["path"])
    for directory, _, files in os.walk(folder):
        for file in sorted(files):
            if not file.endswith(".swift"):
                continue
            path = os.path.join(directory, file)
            for number, line in enumerate(open(path, encoding="utf-8"), 1):
                m = re.match(r"\s*(?:@\w+\s+)*import\s+(?:(?:struct|enum|class|func|var|protocol)\s+)?(\w+)", line)
                if not m or m.group(1) not in targets:
                    continue
                module = m.group(1)
                relative = os.path.relpath(path, root)
                if module in rank and rank[module] >= rank[name] and module != name:
                    problems.append(f"{relative}:{number}: {name} imports {module}: expected only targets before it in libraryLayers, found {module}, which comes after it")
                elif module not in target["deps"] and module != name:
                    problems.append(f"{relative}:{number}: {name} imports {module}: expected one of its dependencies in Package.swift ({', '.join(target['deps'])}), found {module}")

for problem in problems:
    print("error: " + problem, file=sys.stderr)
if problems:
    sys.exit(1)
print(f"check-stages: {len(layers)} library targets in order ({' < '.join(layers)}); every dependency and import points back")
