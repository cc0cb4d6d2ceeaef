#!/usr/bin/python3
"""The GitHub Action (action.yml) and the reference workflow (ci/github-actions.yml), checked on
this machine (run by `make test`, as scripts/ci-matrix.sh reproduces the matrix by hand):

1. Both files against the public GitHub Actions schemas, with check-jsonschema from PyPI
   (scripts/setup.sh installs it into .build/check-jsonschema with CHECK_JSONSCHEMA=1, as make
   test asks). Skipped, saying so, only when setup found PyPI unreachable.
2. The workflow run as GitHub runs it: every job of the matrix on a runner of its own (a folder
   holding a git checkout of the files the job names, at a fixed commit time), each step in
   order: actions/checkout makes the checkout, `uses: ./` runs action.yml's steps (their `run`
   text in bash -eo pipefail, their `env` with ${{ inputs.* }} and ${{ steps.*.outputs.* }}
   filled in, $GITHUB_OUTPUT read back), upload-artifact and download-artifact copy the folder
   (hidden files left out, as upload-artifact v4 does). The action's install step is given the
   build under test (input `tool`, as a caller with an installed tool would) and no apt-get.
3. What it made: each runner's part rendered and verified (the action's outputs name its
   manifest), the merge runner's release merged, verified, and byte for byte the release of the
   action run on the whole job (manifest, contact sheet and every file); a merge with a runner's
   part missing fails the step; an input that is not true or false is refused by name.

BIN=... picks the tool (default .build/debug/store-screenshot-compose).
"""
import concurrent.futures
import filecmp
import fnmatch
import itertools
import os
import re
import shutil
import subprocess
import sys
import tempfile

import yaml

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BIN = os.environ.get("BIN", os.path.join(ROOT, ".build/debug/store-screenshot-compose"))
ACTION = os.path.join(ROOT, "action.yml")
WORKFLOW = os.path.join(ROOT, "ci/github-actions.yml")
CHECK_JSONSCHEMA = os.path.join(ROOT, ".build/check-jsonschema/bin/check-jsonschema")
UNREACHABLE = os.path.join(ROOT, ".build/check-jsonschema.unreachable")
# The commit time of every runner's checkout: the workflow takes SOURCE_DATE_EPOCH from it.
COMMIT_TIME = 1767225600
# What a runner's checkout holds: the action, its scripts, and the job's inputs (as
# scripts/ci-matrix.sh's checkouts do).
CHECKOUT = ["action.yml", "scripts/action.sh", "scripts/setup.sh", "fixtures/ci-localized-job.json",
            "fixtures/captures", "fixtures/localized"]
EXPRESSION = re.compile(r"\$\{\{\s*([^}]*?)\s*\}\}")


class Failure(Exception):
    pass


def fail(message):
    raise Failure(message)


def schema_check():
    if os.access(CHECK_JSONSCHEMA, os.X_OK):
        for schema, path in (("vendor.github-actions", ACTION), ("vendor.github-workflows", WORKFLOW)):
            result = subprocess.run([CHECK_JSONSCHEMA, "--builtin-schema", schema, path], capture_output=True, text=True)
            if result.returncode != 0:
                fail(f"{os.path.relpath(path, ROOT)} does not pass the {schema} schema:\n{result.stdout}{result.stderr}")
        return "action.yml and ci/github-actions.yml pass the GitHub Actions schemas (check-jsonschema)"
    if os.path.exists(UNREACHABLE):
        message = ("SKIPPED the schema check of action.yml and ci/github-actions.yml: check-jsonschema could not be "
                   "installed because PyPI was unreachable when scripts/setup.sh ran")
        print(f"action-check: {message}", file=sys.stderr)
        return message
    fail("check-jsonschema is not installed: run CHECK_JSONSCHEMA=1 scripts/setup.sh (make test does)")


def substitute(text, context, where):
    """Fills in ${{ a.b.c }} from context (nested dicts); an unknown name is an error."""
    def value(match):
        node = context
        parts = match.group(1).split(".")
        for index, part in enumerate(parts):
            # A step output the step did not write is empty, as on GitHub.
            if index == 3 and parts[0] == "steps" and parts[2] == "outputs" and isinstance(node, dict) and part not in node:
                return ""
            if not isinstance(node, dict) or part not in node:
                fail(f"{where}: cannot evaluate ${{{{ {match.group(1)} }}}} (this local run knows {sorted(context)})")
            node = node[part]
        return str(node)
    return EXPRESSION.sub(value, str(text))


def read_outputs(path):
    outputs = {}
    with open(path, encoding="utf-8") as file:
        for line in file.read().splitlines():
            name, equals, value = line.partition("=")
            if not equals:
                fail(f"$GITHUB_OUTPUT line {line!r}: expected name=value")
            outputs[name] = value
    return outputs


def bash(script, env, cwd, temp):
    """A run step as the runner runs it: the text in a file, bash --noprofile --norc -eo pipefail."""
    with tempfile.NamedTemporaryFile("w", suffix=".sh", dir=temp, delete=False) as file:
        file.write(script)
    return subprocess.run(["bash", "--noprofile", "--norc", "-eo", "pipefail", file.name], env=env, cwd=cwd,
                          capture_output=True, text=True)


class Runner:
    """One job of the matrix: its workspace, its environment, its steps' outputs."""

    def __init__(self, name, folder, env):
        self.name = name
        self.workspace = os.path.join(folder, "workspace")
        self.temp = os.path.join(folder, "temp")
        os.makedirs(self.temp)
        # The action's `git config --global` goes to the runner's file, not this user's.
        self.env = dict(os.environ, GITHUB_WORKSPACE=self.workspace, RUNNER_TEMP=self.temp,
                        GIT_CONFIG_GLOBAL=os.path.join(folder, "gitconfig"), **env)
        self.env.pop("SOURCE_DATE_EPOCH", None)
        self.log = []

    def checkout(self):
        os.makedirs(self.workspace)
        for path in CHECKOUT:
            source, target = os.path.join(ROOT, path), os.path.join(self.workspace, path)
            os.makedirs(os.path.dirname(target), exist_ok=True)
            if os.path.isdir(source):
                shutil.copytree(source, target)
            else:
                shutil.copy2(source, target)
        date = f"@{COMMIT_TIME} +0000"
        git = dict(self.env, GIT_AUTHOR_DATE=date, GIT_COMMITTER_DATE=date, GIT_AUTHOR_NAME="ci", GIT_AUTHOR_EMAIL="ci@example.com",
                   GIT_COMMITTER_NAME="ci", GIT_COMMITTER_EMAIL="ci@example.com")
        for arguments in (["init", "-q"], ["add", "-A"], ["commit", "-q", "-m", "checkout"]):
            subprocess.run(["git", *arguments], cwd=self.workspace, env=git, check=True, capture_output=True)

    def action(self, given, local=None):
        """action.yml's steps with the inputs `given`; returns the action's outputs or raises
        Failure naming the step that failed and what it printed."""
        with open(os.path.join(self.workspace, "action.yml"), encoding="utf-8") as file:
            action = yaml.safe_load(file)
        if action["runs"]["using"] != "composite":
            fail("action.yml: expected runs.using composite")
        declared = action.get("inputs", {})
        for name in given:
            if name not in declared:
                fail(f"{self.name}: action input {name!r} is not declared in action.yml")
        inputs = {name: str(spec.get("default", "")) for name, spec in declared.items()}
        inputs.update({name: str(value) for name, value in given.items()})
        inputs.update(local or {})
        steps = {}
        for index, step in enumerate(action["runs"]["steps"]):
            where = f"action.yml step {step.get('name', index + 1)}"
            if "run" not in step or step.get("shell") != "bash":
                fail(f"{where}: expected a run step with shell: bash")
            context = {"inputs": inputs, "steps": steps}
            env = dict(self.env, GITHUB_ACTION_PATH=self.workspace,
                       **{name: substitute(value, context, where) for name, value in step.get("env", {}).items()})
            output = os.path.join(self.temp, f"output-{len(self.log)}")
            open(output, "w").close()
            env["GITHUB_OUTPUT"] = output
            result = bash(substitute(step["run"], context, where), env, self.workspace, self.temp)
            self.log.append(f"$ {where}\n{result.stdout}{result.stderr}")
            if result.returncode != 0:
                raise Failure(f"{self.name}: {where} exited {result.returncode}:\n{result.stdout}{result.stderr}")
            if "id" in step:
                steps[step["id"]] = {"outputs": read_outputs(output)}
        context = {"inputs": inputs, "steps": steps}
        return {name: substitute(spec["value"], context, f"action.yml output {name}") for name, spec in action.get("outputs", {}).items()}


def copy_visible(source, target):
    """What upload-artifact v4 uploads of a folder: every file but hidden ones (and hidden folders)."""
    count = 0
    for folder, subfolders, files in os.walk(source):
        subfolders[:] = sorted(name for name in subfolders if not name.startswith("."))
        relative = os.path.relpath(folder, source)
        for name in sorted(files):
            if name.startswith("."):
                continue
            os.makedirs(os.path.join(target, relative), exist_ok=True)
            shutil.copy2(os.path.join(folder, name), os.path.join(target, relative, name))
            count += 1
    return count


class WorkflowRun:
    def __init__(self, scratch, workflow, local_inputs):
        self.scratch = scratch
        self.workflow = workflow
        self.local_inputs = local_inputs
        self.artifacts = os.path.join(scratch, "artifacts")
        os.makedirs(self.artifacts)
        self.outputs = {}

    def matrix(self, job):
        matrix = job.get("strategy", {}).get("matrix")
        if not matrix:
            return [{}]
        unknown = set(matrix) - {name for name, values in matrix.items() if isinstance(values, list)}
        if unknown:
            fail(f"matrix keys {sorted(unknown)}: this local run expands lists only")
        names = list(matrix)
        return [dict(zip(names, values)) for values in itertools.product(*(matrix[name] for name in names))]

    def run_job(self, job_name, job, matrix):
        label = job_name + "".join(f"-{value}" for value in matrix.values())
        runner = Runner(label, os.path.join(self.scratch, "runners", label), {
            name: str(value) for name, value in {**self.workflow.get("env", {}), **job.get("env", {})}.items()})
        context = {"env": {**self.workflow.get("env", {}), **job.get("env", {})}, "matrix": matrix, "steps": {}}
        for index, step in enumerate(job["steps"]):
            where = f"ci/github-actions.yml {label} step {step.get('id', index + 1)}"
            given = {name: substitute(value, context, where) for name, value in step.get("with", {}).items()}
            uses = step.get("uses", "")
            outputs = {}
            if uses.startswith("actions/checkout@"):
                runner.checkout()
            elif uses == "./":
                outputs = runner.action(given, self.local_inputs)
            elif uses.startswith("actions/upload-artifact@"):
                target = os.path.join(self.artifacts, given["name"])
                if os.path.exists(target):
                    fail(f"{where}: artifact {given['name']} uploaded twice")
                count = copy_visible(os.path.join(runner.workspace, given["path"]), target)
                if count == 0 and given.get("if-no-files-found") == "error":
                    fail(f"{where}: no files in {given['path']}")
            elif uses.startswith("actions/download-artifact@"):
                names = sorted(name for name in os.listdir(self.artifacts) if fnmatch.fnmatch(name, given["pattern"]))
                if given.get("merge-multiple") not in ("true", "True"):
                    fail(f"{where}: expected merge-multiple: true (the parts share one folder)")
                for name in names:
                    shutil.copytree(os.path.join(self.artifacts, name), os.path.join(runner.workspace, given["path"]),
                                    dirs_exist_ok=True)
            elif "run" in step:
                result = bash(substitute(step["run"], context, where), runner.env, runner.workspace, runner.temp)
                if result.returncode != 0:
                    fail(f"{where} exited {result.returncode}:\n{result.stdout}{result.stderr}")
            else:
                fail(f"{where}: uses {uses!r}, which this local run does not know")
            if "id" in step:
                context["steps"][step["id"]] = {"outputs": outputs}
        return label, runner, context["steps"]

    def run(self):
        jobs = self.workflow["jobs"]
        done = set()
        while len(done) < len(jobs):
            ready = [name for name in jobs if name not in done and set(as_list(jobs[name].get("needs"))) <= done]
            if not ready:
                fail(f"jobs {sorted(set(jobs) - done)} wait for each other")
            for name in ready:
                with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
                    for label, runner, steps in pool.map(lambda matrix: self.run_job(name, jobs[name], matrix), self.matrix(jobs[name])):
                        self.outputs[label] = (runner, steps)
                done.add(name)


def as_list(value):
    return [] if value is None else [value] if isinstance(value, str) else list(value)


def same_tree(left, right, ignore):
    """Names every file that differs or is on one side only (hidden files and `ignore` patterns aside)."""
    problems = []
    comparison = filecmp.dircmp(left, right, ignore=[])
    def walk(node, prefix):
        for name in node.left_only + node.right_only:
            if not name.startswith(".") and not any(fnmatch.fnmatch(name, pattern) for pattern in ignore):
                problems.append(f"only in one: {prefix}{name}")
        for name in node.common_files:
            if not name.startswith(".") and not any(fnmatch.fnmatch(name, pattern) for pattern in ignore):
                if not filecmp.cmp(os.path.join(node.left, name), os.path.join(node.right, name), shallow=False):
                    problems.append(f"differs: {prefix}{name}")
        for name, child in node.subdirs.items():
            walk(child, f"{prefix}{name}/")
    walk(comparison, "")
    return problems


def check(scratch):
    notes = [schema_check()]
    with open(WORKFLOW, encoding="utf-8") as file:
        workflow = yaml.safe_load(file)
    images = {name: job.get("container") for name, job in workflow["jobs"].items()}
    if len(set(images.values())) != 1 or not re.fullmatch(r"swift:6\.3(\.\d+)?-bookworm", str(next(iter(images.values())))):
        fail(f"ci/github-actions.yml: expected every job in one swift:6.3-bookworm container, found {images}")
    local = {"tool": BIN, "setup": "false"}

    run = WorkflowRun(scratch, workflow, local)
    run.run()
    renders = {label: steps for label, (runner, steps) in run.outputs.items() if label.startswith("render-")}
    rendered = 0
    for label, steps in sorted(renders.items()):
        outputs = steps["render"]["outputs"]
        manifest = os.path.basename(outputs["manifest"])
        if not re.fullmatch(r"manifest\.[^.]+\.shard-[12]-of-2\.json", manifest) or outputs["contact-sheet"] != "":
            fail(f"{label}: expected a part manifest and no contact sheet, found {outputs}")
        if outputs["outputs"] != "1":
            fail(f"{label}: expected 1 output rendered (each language has 2, in 2 shards), found {outputs['outputs']}")
        rendered += int(outputs["outputs"])
    runner, steps = run.outputs["merge"]
    merged = steps["merge"]["outputs"]
    release = os.path.join(runner.workspace, "out/release")
    if merged["out"] != release or merged["manifest"] != f"{release}/manifest.json" or merged["contact-sheet"] != f"{release}/index.html":
        fail(f"merge: expected the merged manifest and contact sheet as outputs, found {merged}")
    leftovers = [name for name in os.listdir(release) if re.fullmatch(r"manifest\..+\.json", name)]
    if leftovers:
        fail(f"merge: the part manifests are still in the release: {leftovers}")

    # The action on the whole job, on a runner of its own: the merged release must be this, byte for byte.
    whole = Runner("whole", os.path.join(scratch, "runners", "whole"), {})
    whole.checkout()
    outputs = whole.action({"job": workflow["env"]["JOB"], "layout": "fastlane", "out": "out/release"}, local)
    if outputs["contact-sheet"] != os.path.join(whole.workspace, "out/release/index.html") or outputs["outputs"] != str(rendered):
        fail(f"whole run: expected {rendered} outputs and a contact sheet, found {outputs}")
    problems = same_tree(release, os.path.join(whole.workspace, "out/release"), ["manifest.*.json"])
    if problems:
        fail("the merged release differs from the whole run's:\n" + "\n".join(problems))
    notes.append(f"{len(renders)} render runners (1 output each) through action.yml, uploaded without hidden files, "
                 f"downloaded into one folder, merged and verified by the action: byte for byte the whole run's release "
                 f"({rendered} outputs, manifest, contact sheet, fastlane folders)")

    # A runner's part missing: the merge step fails and names what is missing.
    dropped = Runner("dropped", os.path.join(scratch, "runners", "dropped"), {})
    dropped.checkout()
    for name in sorted(os.listdir(run.artifacts)):
        if name.startswith("part-") and name != "part-ja-2":
            shutil.copytree(os.path.join(run.artifacts, name), os.path.join(dropped.workspace, "out/release"), dirs_exist_ok=True)
    try:
        dropped.action({"command": "merge", "out": "out/release"}, local)
        fail("merge without runner ja-2's part: the action succeeded")
    except Failure as failure:
        if "missing ja/" not in str(failure) or "exited 1" not in str(failure):
            fail(f"merge without runner ja-2's part: expected exit 1 naming ja's missing output, found {failure}")
    if os.path.exists(os.path.join(dropped.workspace, "out/release/manifest.json")):
        fail("merge without runner ja-2's part: manifest.json was written")

    # An input that is not true or false is refused by name, before anything runs.
    try:
        dropped.action({"job": workflow["env"]["JOB"], "keep-going": "yes"}, local)
        fail("keep-going: yes was accepted")
    except Failure as failure:
        if 'keep-going: expected true or false, found "yes"' not in str(failure):
            fail(f"keep-going: yes: expected the input named, found {failure}")
    notes.append("a merge with a runner's part missing fails the step, writing no manifest; keep-going: yes is refused by name")
    return notes


def main():
    scratch = tempfile.mkdtemp(prefix="ssc-action-check.")
    try:
        notes = check(scratch)
    except Failure as failure:
        print(f"action-check: {failure}", file=sys.stderr)
        return 1
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    print("action-check: " + "; ".join(notes))
    return 0


if __name__ == "__main__":
    sys.exit(main())
