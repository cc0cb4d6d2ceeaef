#!/usr/bin/env python3
"""Drives `store-screenshot-compose mcp` with the official Python MCP SDK's stdio client.

Run by make test with the SDK scripts/setup.sh installs (MCP_SDK=1) into .build/mcp-sdk. In a
folder of its own, the server started there: lists the tools, checks and renders a fixture job,
verifies the render's manifest, and gets error results (the server still serving) for a bad
argument, an argument of the wrong type and paths outside the folder; an unknown tool is a
JSON-RPC error. Skipped, saying so, only where PyPI could not be reached.

Usage: scripts/mcp-check.py [--bin PATH]
"""
import argparse
import asyncio
import json
import os
import shutil
import subprocess
import sys
import tempfile
import warnings
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VENV = ROOT / ".build" / "mcp-sdk"
UNREACHABLE = ROOT / ".build" / "mcp-sdk.unreachable"
PROTOCOL = "2025-11-25"
TOOLS = {"check", "render", "verify", "wells_identify", "init"}


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", default=str(ROOT / ".build" / "debug" / "store-screenshot-compose"))
    args = parser.parse_args()
    python = VENV / "bin" / "python"
    if not python.exists():
        if UNREACHABLE.exists():
            print(f"mcp-check: skipped: the MCP SDK is not installed ({UNREACHABLE.read_text().strip()})")
            return 0
        print("mcp-check: .build/mcp-sdk is missing: run MCP_SDK=1 ./scripts/setup.sh", file=sys.stderr)
        return 1
    if os.environ.get("MCP_CHECK_IN_VENV") != "1":
        env = dict(os.environ, MCP_CHECK_IN_VENV="1")
        return subprocess.call([str(python), __file__, "--bin", str(Path(args.bin).resolve())], env=env)
    return asyncio.run(check(Path(args.bin).resolve()))


def document(result):
    """The --json document of a tool result, as its text and as structuredContent (the same)."""
    text = json.loads(result.content[0].text)
    assert text == result.structured_content, (text, result.structured_content)
    return text


def expect_error(result, field, words):
    doc = document(result)
    assert result.is_error, doc
    assert doc["status"] == "failed", doc
    fields = [p["field"] for p in doc["problems"]]
    assert field in fields, (field, doc["problems"])
    message = next(p["message"] for p in doc["problems"] if p["field"] == field)
    assert words in message, (words, message)
    return message


async def check(binary: Path) -> int:
    from mcp import Client, StdioServerParameters
    from mcp.shared.exceptions import MCPError

    work = Path(tempfile.mkdtemp(prefix="mcp-check-"))
    try:
        folder = work / "served"
        (folder / "captures").mkdir(parents=True)
        for name in ("rust-book-mobile.png", "rust-book-desktop.png"):
            shutil.copy(ROOT / "fixtures" / "captures" / name, folder / "captures" / name)
        job = json.loads((ROOT / "fixtures" / "ci-job.json").read_text())
        job["output"] = "out"
        (folder / "job.json").write_text(json.dumps(job))
        # The same job outside the served folder, and one inside whose output is outside.
        (work / "outside.json").write_text(json.dumps(job))
        (folder / "escape.json").write_text(json.dumps(dict(job, output="../elsewhere")))

        server = StdioServerParameters(command=str(binary), args=["mcp"], cwd=str(folder),
                                       env={"SOURCE_DATE_EPOCH": "1700000000"})
        passed = 0
        # The SDK's default connect: it probes server/discover (unknown here: a JSON-RPC error),
        # then falls back to the initialize handshake.
        async with Client(server) as client:
            assert client.protocol_version == PROTOCOL, client.protocol_version
            assert client.server_info.name == "store-screenshot-compose", client.server_info
            passed += 1

            tools = {tool.name: tool for tool in (await client.list_tools()).tools}
            assert set(tools) == TOOLS, sorted(tools)
            render = tools["render"].input_schema
            assert render["required"] == ["job"], render
            assert render["properties"]["shard"]["pattern"] == "^[0-9]+/[0-9]+$", render["properties"]["shard"]
            assert render["properties"]["locale"]["type"] == "array", render["properties"]["locale"]
            assert "json" not in render["properties"] and "quiet" not in render["properties"], sorted(render["properties"])
            assert tools["wells_identify"].input_schema["properties"]["files"]["minItems"] == 1
            passed += 1

            checked = document(await client.call_tool("check", {"job": "job.json"}))
            assert checked["status"] == "succeeded" and checked["counts"]["outputs"] == 6, checked
            passed += 1

            rendered = await client.call_tool("render", {"job": "job.json", "locale": ["de-DE"]})
            doc = document(rendered)
            assert not rendered.is_error and doc["status"] == "succeeded", doc
            assert doc["counts"]["outputs"] == 2 and doc["manifest"] == str(folder.resolve() / "out" / "manifest.de-DE.json"), doc
            for output in doc["outputs"]:
                assert (folder / "out" / output["png"]["path"]).stat().st_size > 0, output
            passed += 1

            verified = document(await client.call_tool("verify", {"manifest": "out/manifest.de-DE.json", "partial": True}))
            assert verified["status"] == "succeeded" and verified["counts"]["outputs"] == 2, verified
            passed += 1

            expect_error(await client.call_tool("render", {"job": "job.json", "shard": "3/2"}),
                         "arguments.shard", 'found "3/2"')
            expect_error(await client.call_tool("check", {"job": 5}), "arguments.job", "expected a string, found 5")
            expect_error(await client.call_tool("check", {"job": "job.json", "colour": "red"}),
                         "arguments.colour", "unknown field")
            passed += 1

            expect_error(await client.call_tool("check", {"job": "../outside.json"}),
                         "arguments.job", "expected a path inside")
            message = expect_error(await client.call_tool("render", {"job": "escape.json"}),
                                   "(a file the job names)", "expected a path inside")
            assert str(work.resolve() / "elsewhere") in message, message
            assert not (work / "elsewhere").exists()
            passed += 1

            try:
                await client.call_tool("no-such-tool", {})
                raise AssertionError("an unknown tool answered")
            except MCPError as error:
                assert error.error.code == -32602 and "no-such-tool" in error.error.message, error.error
            # Still serving after every refusal (ping is a handshake-era request, as this server is).
            warnings.filterwarnings("ignore", message="ping is removed")
            await client.send_ping()
            assert set(t.name for t in (await client.list_tools()).tools) == TOOLS
            passed += 1
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print(f"mcp-check: {passed} passed, 0 failed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
