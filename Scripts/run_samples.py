#!/usr/bin/env python3
"""Decode, lint and re-encode sample tag messages with the nfcrig CLI (`make run`).

Usage: run_samples.py [--nfcrig COMMAND] SAMPLE.hex ...

For each sample (one line of lowercase hex, an NDEF message):
  1. `nfcrig ndef decode --file SAMPLE` must exit 0; its output is shown;
  2. `nfcrig ndef lint --file SAMPLE` must exit 0 (no violations);
  3. when SAMPLE.encode exists beside it (the `nfcrig ndef encode` arguments that build the
     same message, shell-quoted, paths relative to the repository root), `nfcrig ndef
     encode ARGS -o FILE` must write the sample's bytes (as binary or as hex text).

This is the interim `make run` until the conformance suite lands. Exits 1 if any step
failed.
"""

import argparse
import os
import re
import shlex
import subprocess
import sys
import tempfile


def run(command):
    result = subprocess.run(command, capture_output=True, text=True)
    output = (result.stdout + result.stderr).rstrip()
    return result.returncode, output


def indent(text):
    return "\n".join("    " + line for line in text.splitlines())


def normalized(octets):
    """The hex of what `encode -o` wrote, whether it wrote binary or hex text."""
    text = octets.decode("ascii", errors="replace").strip()
    if text and re.fullmatch(r"[0-9a-fA-F\s]+", text):
        return re.sub(r"\s+", "", text).lower()
    return octets.hex()


def check(nfcrig, sample):
    """Runs the three steps on one sample; returns the names of the steps that failed."""
    failed = []
    print(f"== {sample}")
    with open(sample, encoding="ascii") as handle:
        expected = handle.read().strip().lower()

    status, output = run(nfcrig + ["ndef", "decode", "--file", sample])
    print(indent(output))
    if status != 0:
        failed.append(f"decode exited {status}")

    status, output = run(nfcrig + ["ndef", "lint", "--file", sample])
    if status != 0:
        print(indent(output))
        failed.append(f"lint exited {status}")
    else:
        print("    lint: clean")

    recipe = os.path.splitext(sample)[0] + ".encode"
    if not os.path.exists(recipe):
        print("    re-encode: no .encode recipe (the CLI's encode verbs cannot build it)")
        return failed
    with open(recipe, encoding="utf-8") as handle:
        arguments = shlex.split(handle.read(), comments=True)
    with tempfile.TemporaryDirectory() as directory:
        out = os.path.join(directory, "message")
        status, output = run(nfcrig + ["ndef", "encode", *arguments, "-o", out])
        if status != 0 or not os.path.exists(out):
            print(indent(output))
            failed.append(f"encode exited {status}" if status else "encode wrote no -o file")
            return failed
        with open(out, "rb") as handle:
            actual = normalized(handle.read())
    if actual == expected:
        print("    re-encode: identical")
    else:
        print(f"    re-encode: differs\n      want {expected}\n      got  {actual}")
        failed.append("re-encode differs")
    return failed


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--nfcrig", default="swift run --skip-build nfcrig")
    parser.add_argument("samples", nargs="+")
    options = parser.parse_args()
    nfcrig = shlex.split(options.nfcrig)

    failures = {}
    for sample in options.samples:
        failed = check(nfcrig, sample)
        if failed:
            failures[sample] = failed
    total = len(options.samples)
    print(
        f"make run: {total - len(failures)} of {total} samples decoded and lint-clean, "
        "and re-encoded to the same bytes where they have an .encode recipe"
    )
    for sample, failed in failures.items():
        print(f"  {sample}: {', '.join(failed)}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
