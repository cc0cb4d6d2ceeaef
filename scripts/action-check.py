#!/usr/bin/python3
"""The GitHub Action (action.yml), the reference workflow (ci/github-actions.yml) and this
project's workflows (.github/workflows/), checked on this machine (run by `make test`, as
scripts/ci-matrix.sh reproduces the matrix by hand):

1. The four files against the public GitHub Actions schemas, with check-jsonschema from PyPI
   (scripts/setup.sh installs it into .build/check-jsonschema with CHECK_JSONSCHEMA=1, as make
   test asks). Skipped, saying so, only when setup found PyPI unreachable. Then what a team
   pastes: `permissions: contents: read`, a `timeout-minutes` on every job, one pinned Swift
   image, every third-party action pinned by a full commit SHA.
2. The workflow run as GitHub runs it: every job of the matrix on a runner of its own (a folder
   holding a git checkout of the files the job names, at a fixed commit time), each step in
   order: actions/checkout makes the checkout (without the captures, which the workflow's
   fetch step downloads from a `captures` artifact), `uses: <owner>/store-screenshot-compose@v1`
   runs action.yml's steps (their `run` text in bash -eo pipefail, their `env` with
   ${{ inputs.* }} and ${{ steps.*.outputs.* }} filled in, their `if` evaluated,
   $GITHUB_OUTPUT read back), upload-artifact and download-artifact copy the folder (hidden
   files left out, as upload-artifact does). The action's install step is given the build under
   test (input `tool`, as a caller with an installed tool would) and no apt-get.
3. What it made: each runner's part rendered and verified (the action's outputs name its
   manifest), the merge runner's release merged, verified, and byte for byte the release of the
   action run on the whole job (manifest, contact sheet and every file); a merge with a runner's
   part missing fails the step; an input that is not true or false is refused by name.
4. Crafted inputs, as data: a glob `[d]*` as locale (a file de-DE beside it), a line break in
   `out` (carrying a contact-sheet= line), `%0A` and `::` in a shard, a bad layout: each step
   fails with one ::error line naming the input and the value, escaped (% CR LF in the message,
   also : and , in the title), writes no output, renders nothing; a user's manifest.notes.json
   beside the parts is neither merged nor removed.

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
PROJECT_WORKFLOWS = [os.path.join(ROOT, ".github/workflows", name) for name in ("ci.yml", "release.yml")]
SWIFT_IMAGE = "swift:6.3.1-bookworm"
# The action as a team's workflow names it.
ACTION_USES = re.compile(r"(\./|<owner>/store-screenshot-compose@v1)$")
CHECK_JSONSCHEMA = os.path.join(ROOT, ".build/check-jsonschema/bin/check-jsonschema")
UNREACHABLE = os.path.join(ROOT, ".build/check-jsonschema.unreachable")
# The commit time of every runner's checkout: the workflow takes SOURCE_DATE_EPOCH from it.
COMMIT_TIME = 1767225600
# What a runner's checkout holds: the action, its scripts, and the job's inputs (as
# scripts/ci-matrix.sh's checkouts do).
CHECKOUT = ["action.yml", "scripts/action.sh", "scripts/setup.sh", "fixtures/ci-localized-job.json",
            "fixtures/captures", "fixtures/localized"]
# The captures the workflow fetches from its capture job's artifact (left out of the checkout).
CAPTURES = "fixtures/localized/screenshots"
EXPRESSION = re.compile(r"\$\{\{\s*([^}]*?)\s*\}\}")


class Failure(Exception):
    pass


def fail(message):
    raise Failure(message)


def schema_check():
    if os.access(CHECK_JSONSCHEMA, os.X_OK):
        for schema, path in (("vendor.github-actions", ACTION), ("vendor.github-workflows", WORKFLOW),
                             *(("vendor.github-workflows", path) for path in PROJECT_WORKFLOWS)):
            result = subprocess.run([CHECK_JSONSCHEMA, "--builtin-schema", schema, path], capture_output=True, text=True)
            if result.returncode != 0:
                fail(f"{os.path.relpath(path, ROOT)} does not pass the {schema} schema:\n{result.stdout}{result.stderr}")
        return "action.yml, ci/github-actions.yml and .github/workflows/{ci,release}.yml pass the GitHub Actions schemas (check-jsonschema)"
    if os.path.exists(UNREACHABLE):
        message = ("SKIPPED the schema check of action.yml, ci/github-actions.yml and .github/workflows/: check-jsonschema could not be "
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
    """$GITHUB_OUTPUT as the runner reads it: name=value, or name<<DELIMITER, the value's lines, DELIMITER."""
    outputs = {}
    with open(path, encoding="utf-8", newline="") as file:
        lines = file.read().split("\n")
    index = 0
    while index < len(lines):
        line = lines[index]
        index += 1
        if line == "" and index == len(lines):
            break
        if "<<" in line and ("=" not in line or line.index("<<") < line.index("=")):
            name, _, delimiter = line.partition("<<")
            value = []
            while index < len(lines) and lines[index] != delimiter:
                value.append(lines[index])
                index += 1
            if index == len(lines):
                fail(f"$GITHUB_OUTPUT {name}: no closing delimiter {delimiter!r}")
            index += 1
            outputs[name] = "\n".join(value)
            continue
        name, equals, value = line.partition("=")
        if not equals:
            fail(f"$GITHUB_OUTPUT line {line!r}: expected name=value or name<<DELIMITER")
        outputs[name] = value
    return outputs


CONDITION = re.compile(r"^\s*([A-Za-z0-9_.-]+)\s*(==|!=)\s*'([^']*)'\s*$")


def condition(text, context, where):
    """A step's `if`: the forms these files use, `a.b.c == 'x'` or `a.b.c != 'x'`."""
    if text is None:
        return True
    match = CONDITION.match(str(text))
    if not match:
        fail(f"{where}: if {text!r}: this local run knows only `name == 'value'` and `name != 'value'`")
    value = substitute("${{ " + match.group(1) + " }}", context, where)
    return (value == match.group(3)) == (match.group(2) == "==")


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

    def checkout(self, without=()):
        os.makedirs(self.workspace)
        for path in CHECKOUT:
            source, target = os.path.join(ROOT, path), os.path.join(self.workspace, path)
            os.makedirs(os.path.dirname(target), exist_ok=True)
            if os.path.isdir(source):
                shutil.copytree(source, target, ignore=lambda folder, names: [
                    name for name in names if os.path.relpath(os.path.join(folder, name), ROOT) in without])
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
        self.outputs_written = []
        for index, step in enumerate(action["runs"]["steps"]):
            where = f"action.yml step {step.get('name', index + 1)}"
            context = {"inputs": inputs, "steps": steps}
            if not condition(step.get("if"), context, where):
                continue
            if "run" not in step or step.get("shell") != "bash":
                fail(f"{where}: expected a run step with shell: bash (this local run gives the action an installed tool, so the build cache is skipped)")
            env = dict(self.env, GITHUB_ACTION_PATH=self.workspace,
                       **{name: substitute(value, context, where) for name, value in step.get("env", {}).items()})
            output = os.path.join(self.temp, f"output-{len(self.log)}")
            open(output, "w").close()
            self.outputs_written.append(output)
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
    def __init__(self, scratch, workflow, local_inputs, env=None):
        self.scratch = scratch
        self.workflow = dict(workflow, env={**workflow.get("env", {}), **(env or {})})
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
        fetched = context["env"].get("CAPTURES_ARTIFACT", "") != ""
        for index, step in enumerate(job["steps"]):
            where = f"ci/github-actions.yml {label} step {step.get('id', step.get('name', index + 1))}"
            if not condition(step.get("if"), context, where):
                continue
            given = {name: substitute(value, context, where) for name, value in step.get("with", {}).items()}
            uses = step.get("uses", "")
            outputs = {}
            if uses.startswith("actions/checkout@"):
                runner.checkout(without={context["env"]["CAPTURES"]} if fetched else ())
            elif ACTION_USES.match(uses):
                outputs = runner.action(given, self.local_inputs)
            elif uses.startswith("actions/download-artifact@") and "name" in given:
                source = os.path.join(self.artifacts, given["name"])
                if not os.path.isdir(source):
                    fail(f"{where}: no artifact {given['name']}")
                shutil.copytree(source, os.path.join(runner.workspace, given["path"]), dirs_exist_ok=True)
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
    if set(images.values()) != {SWIFT_IMAGE}:
        fail(f"ci/github-actions.yml: expected every job in one {SWIFT_IMAGE} container, found {images}")
    notes.append(pasted_as_is())
    local = {"tool": BIN, "setup": "false"}

    # The captures come from the capture job's artifact, as CAPTURES_ARTIFACT makes the workflow fetch them.
    run = WorkflowRun(scratch, workflow, local, env={"CAPTURES_ARTIFACT": "captures"})
    shutil.copytree(os.path.join(ROOT, CAPTURES), os.path.join(run.artifacts, "captures"))
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
    notes.append(crafted_inputs(scratch, run, workflow["env"]["JOB"], local))
    return notes


def pasted_as_is():
    """What a team pastes: read-only permissions, a timeout on every job, actions pinned by commit."""
    for path in [WORKFLOW, *PROJECT_WORKFLOWS, ACTION]:
        name = os.path.relpath(path, ROOT)
        with open(path, encoding="utf-8") as file:
            document = yaml.safe_load(file)
        steps = []
        if path == ACTION:
            steps = document["runs"]["steps"]
        else:
            if path == WORKFLOW and document.get("permissions") != {"contents": "read"}:
                fail(f"{name}: expected permissions: contents: read, found {document.get('permissions')!r}")
            for job_name, job in document["jobs"].items():
                if not isinstance(job.get("timeout-minutes"), int):
                    fail(f"{name}: job {job_name}: expected a timeout-minutes, found {job.get('timeout-minutes')!r}")
                if "container" in job and job["container"] != SWIFT_IMAGE:
                    fail(f"{name}: job {job_name}: expected container {SWIFT_IMAGE}, found {job['container']!r}")
                steps += job["steps"]
        for step in steps:
            uses = step.get("uses")
            if uses and not ACTION_USES.match(uses) and not re.fullmatch(r"[\w.-]+/[\w./-]+@[0-9a-f]{40}", uses):
                fail(f"{name}: uses {uses!r}: expected a third-party action pinned by its full commit SHA")
    return (f"the workflows ask contents: read, time out, run in {SWIFT_IMAGE}, and pin every third-party action by commit")


def error_lines(text):
    return [line for line in text.splitlines() if line.startswith("::")]


def crafted_inputs(scratch, run, job, local):
    """Inputs as data: never globbed, injected into $GITHUB_OUTPUT or into a workflow command."""
    runner = Runner("crafted", os.path.join(scratch, "runners", "crafted"), {})
    runner.checkout()
    # A file a glob [d]* would match, beside the job.
    open(os.path.join(runner.workspace, "de-DE"), "w").close()
    cases = [
        ({"locale": "[d]*"}, 'locale: expected BCP 47 tags (en-US, de-DE) separated by spaces or commas, found "[d]*" in "[d]*"',
         "::error title=store-screenshot-compose action%3A locale::"),
        ({"out": "out/x\ncontact-sheet=/tmp/evil"}, 'out: expected one line, found "out/x%0Acontact-sheet=/tmp/evil"',
         "::error title=store-screenshot-compose action%3A out::"),
        ({"shard": "1/2%0A::warning::forged"}, 'shard: expected I/N with 1 ≤ I ≤ N (2/4), found "1/2%250A::warning::forged"',
         "::error title=store-screenshot-compose action%3A shard::"),
        ({"layout": "fastlane,sideways"}, 'layout: expected default or fastlane, found "fastlane,sideways"',
         "::error title=store-screenshot-compose action%3A layout::"),
        ({"shard": "3/2"}, 'shard: expected I/N with 1 ≤ I ≤ N (2/4), found "3/2"', "::error title=store-screenshot-compose action%3A shard::"),
    ]
    for given, message, title in cases:
        try:
            runner.action({"job": job, **given}, local)
            fail(f"crafted input {given}: the action succeeded")
        except Failure as failure:
            text = str(failure)
        lines = error_lines(text)
        if lines != [title + message]:
            fail(f"crafted input {given}: expected the one line {title + message!r}, found {lines} in:\n{text}")
        for path in runner.outputs_written:
            if read_outputs(path):
                fail(f"crafted input {given}: the failed step wrote outputs {read_outputs(path)}")
        if os.path.exists(os.path.join(runner.workspace, "out")):
            fail(f"crafted input {given}: something was rendered")

    # A user's manifest.notes.json beside the parts: neither merged nor removed; the parts are.
    notes = Runner("notes", os.path.join(scratch, "runners", "notes"), {})
    notes.checkout()
    release = os.path.join(notes.workspace, "out/release")
    for name in sorted(os.listdir(run.artifacts)):
        if name.startswith("part-"):
            shutil.copytree(os.path.join(run.artifacts, name), release, dirs_exist_ok=True)
    user_file = b'{"notes": "ours, not a part"}\n'
    with open(os.path.join(release, "manifest.notes.json"), "wb") as file:
        file.write(user_file)
    notes.action({"command": "merge", "out": "out/release"}, local)
    left = sorted(name for name in os.listdir(release) if name.startswith("manifest."))
    if left != ["manifest.json", "manifest.notes.json"]:
        fail(f"merge beside manifest.notes.json: expected manifest.json and the user's manifest.notes.json left, found {left}")
    with open(os.path.join(release, "manifest.notes.json"), "rb") as file:
        if file.read() != user_file:
            fail("merge beside manifest.notes.json: the user's file changed")
    return ("crafted inputs (a glob [d]* as locale beside a file de-DE, a line break in out, %0A and :: in shard, "
            "a bad layout, shard 3/2) each fail with one escaped ::error line naming the input and value, no output, nothing rendered; "
            "a user's manifest.notes.json beside the parts is neither merged nor removed")


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
