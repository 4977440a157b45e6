#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Runs clang-tidy (the checks of .clang-tidy) over every file of src/ that a build compiles.

The lint_clang_tidy test of the asan-ubsan build (clang): any finding fails it. A file found clean
is remembered by a hash of everything clang-tidy reads (its version, the configuration, the file's
compile flags, its text and its headers' as the build read them), so a run checks only what changed
since a clean run. The record is kept beside the compiler cache, which every checkout on the machine
shares, or in the build directory when there is none.
"""
import argparse
import concurrent.futures
import hashlib
import json
import os
import pathlib
import shlex
import shutil
import subprocess
import sys
import threading
import time


def file_arguments(entry):
    """The compile command of one file without the build's launcher, output and clazy plugin."""
    args = entry.get("arguments") or shlex.split(entry["command"])
    if pathlib.Path(args[0]).name == "ccache":
        args = args[1:]
    compiler = pathlib.Path(args[0])
    if compiler.parent.name == "ccache":  # /usr/lib/ccache/clang++-19 is ccache under the compiler's name
        args = [compiler.name] + args[1:]
    kept = [args[0]]
    i = 1
    while i < len(args):
        arg = args[i]
        if arg in ("-Xclang", "-o"):  # -Xclang only carries clazy's plugin arguments here
            i += 2
            continue
        if not arg.startswith("-fsanitize"):  # instrumentation changes no finding
            kept.append(arg)
        i += 1
    return kept


def build_precompiled_header(entry):
    """The header the build precompiled for this file's target (cmake_pch.hxx), or None."""
    args = entry.get("arguments") or shlex.split(entry["command"])
    for i in range(len(args) - 3):
        if args[i : i + 3] == ["-Xclang", "-include", "-Xclang"] and args[i + 3].endswith(".hxx"):
            return args[i + 3]
    return None


class PrecompiledHeaders:
    """The build's precompiled headers, built again by clang-tidy's own version of clang (a
    precompiled header is read only by the version that wrote it): clang-tidy then parses Qt's
    headers once per library instead of once per file (createinstancewizard.cpp 8.1 s to 6.2 s).
    Each is built once, with the flags of the first file that uses it, and only if a file that
    uses it needs checking."""

    def __init__(self, compiler, directory):
        self.compiler = compiler
        self.directory = directory
        self.lock = threading.Lock()
        self.built = {}  # header -> (lock, path or None)

    def arguments(self, entry, args):
        """What to add to a file's clang-tidy flags: -include-pch, or nothing."""
        header = build_precompiled_header(entry) if self.compiler else None
        if header is None:
            return []
        with self.lock:
            slot = self.built.setdefault(header, [threading.Lock(), None, False])
        with slot[0]:
            if not slot[2]:
                slot[2] = True
                output = self.directory / (hashlib.sha256(header.encode()).hexdigest()[:16] + ".pch")
                self.directory.mkdir(parents=True, exist_ok=True)
                flags = [a for a in args[1:] if a != "-c" and a != entry["file"]]
                command = [self.compiler] + flags + [
                    "-Xclang", "-fno-pch-timestamp", "-fpch-instantiate-templates",
                    "-x", "c++-header", header, "-o", str(output)]
                result = subprocess.run(command, capture_output=True, text=True, cwd=entry["directory"])
                # Without it clang-tidy parses the headers itself: slower, the same findings.
                slot[1] = str(output) if result.returncode == 0 else None
            return ["-include-pch", slot[1]] if slot[1] else []


def compiled_dependencies(build):
    """Each object's source and headers as its last compile read them (Ninja's deps log), for the
    objects whose record is valid; empty where the build is not Ninja's."""
    ninja = shutil.which("ninja") or shutil.which("ninja-build")
    if not ninja or not (build / "build.ninja").exists():
        return {}
    result = subprocess.run([ninja, "-C", str(build), "-t", "deps"], capture_output=True, text=True)
    dependencies, current = {}, None
    for line in result.stdout.splitlines():
        if not line.strip():
            current = None
        elif not line[0].isspace():
            target, _, status = line.partition(": #deps")
            current = [] if status.rstrip().endswith("(VALID)") else None
            if current is not None:
                dependencies[target] = current
        elif current is not None:
            current.append(line.strip())
    return dependencies


class RecordKeys:
    """A hash of what clang-tidy would read for a file: its version, the configuration, the file's
    flags and the text of the file and every header it includes. The checkout's own path is taken
    out, so that a clone of the same commit elsewhere on the machine finds the record of this one.

    The headers come from the build's own record of each compile (hashing them takes milliseconds);
    a file the build has no valid record of is preprocessed instead (about a second)."""

    def __init__(self, tidy_version, config, source_root, build):
        self.prefix = [tidy_version, config]
        self.root = str(source_root).encode()
        self.dependencies = compiled_dependencies(build)
        self.file_digests = {}

    def _relative(self, data):
        return data.replace(self.root, b"<checkout>")

    def _file_digest(self, path):
        digest = self.file_digests.get(path)
        if digest is None:
            digest = hashlib.sha256(self._relative(pathlib.Path(path).read_bytes())).hexdigest()
            self.file_digests[path] = digest
        return digest

    def _begin(self, args):
        digest = hashlib.sha256()
        for part in self.prefix + ["\0".join(args)]:
            digest.update(self._relative(part.encode()))
            digest.update(b"\0")
        return digest

    def key(self, args, entry):
        """The hash, or None if the file can neither be traced nor preprocessed."""
        dependencies = self.dependencies.get(entry.get("output", ""))
        if dependencies is not None:
            digest = self._begin(args)
            try:
                for dependency in dependencies:
                    path = os.path.normpath(os.path.join(entry["directory"], dependency))
                    digest.update(self._relative(dependency.encode()) + b"\0" + self._file_digest(path).encode())
                return digest.hexdigest()
            except OSError:
                pass  # a header gone since the build: the preprocessor reads what is there now
        preprocess = [a for a in args if a != "-c"] + ["-E", "-P", "-o", "-"]
        result = subprocess.run(preprocess, capture_output=True, cwd=entry["directory"])
        if result.returncode != 0:
            return None
        digest = self._begin(args)
        digest.update(self._relative(result.stdout))
        return digest.hexdigest()


def split_findings(output):
    """clang-tidy's output as findings: a "file:line:col: error|warning:" line and what follows it."""
    findings, current = [], []
    for line in output.splitlines():
        if line.endswith("warnings generated.") or line.startswith("Suppressed ") or line.startswith("Use -header-filter"):
            continue
        if (": error: " in line or ": warning: " in line) and current:
            findings.append("\n".join(current))
            current = []
        current.append(line)
    if current:
        findings.append("\n".join(current))
    return findings


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--build", required=True, help="build directory with compile_commands.json")
    parser.add_argument("--source", required=True, help="source directory (its .clang-tidy is used)")
    parser.add_argument("--clang-tidy", default="clang-tidy-22")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--no-record", action="store_true", help="check every file, remember nothing")
    parser.add_argument("--checks", help="clang-tidy's --checks on top of .clang-tidy (implies --no-record)")
    parser.add_argument("files", nargs="*", help="only these files (default: every file of src/)")
    options = parser.parse_args()

    source = pathlib.Path(options.source).resolve()
    build = pathlib.Path(options.build).resolve()
    src = source / "src"
    wanted = {pathlib.Path(f).resolve() for f in options.files}
    entries = []
    for entry in json.loads((build / "compile_commands.json").read_text()):
        path = pathlib.Path(entry["directory"], entry["file"]).resolve()
        if path in wanted if wanted else src in path.parents:
            entries.append((path, entry))
    if not entries:
        print("clang-tidy: none of the files is in the compile database", file=sys.stderr)
        return 1

    version = subprocess.run([options.clang_tidy, "--version"], capture_output=True, text=True, check=True).stdout
    config = (source / ".clang-tidy").read_text()
    cache_root = os.environ.get("SFDESK_TIDY_RECORD") or (
        os.path.join(os.environ["CCACHE_DIR"], "sfdesk-clang-tidy") if os.environ.get("CCACHE_DIR") else None
    )
    record = pathlib.Path(cache_root) if cache_root else build / "clang-tidy-clean"
    record.mkdir(parents=True, exist_ok=True)
    keys = RecordKeys(version, config, source, build)
    # clang++-22 beside clang-tidy-22: the compiler of clang-tidy's own version.
    tidy = pathlib.Path(options.clang_tidy)
    compiler = shutil.which(str(tidy.with_name(tidy.name.replace("clang-tidy", "clang++"))))
    precompiled = PrecompiledHeaders(compiler, build / "clang-tidy-pch")

    def remembered(item):
        """(path, entry, args, key), or None for a file found clean before and unchanged since."""
        path, entry = item
        args = file_arguments(entry)
        key = None if options.no_record or options.checks else keys.key(args, entry)
        if key and (record / key).exists():
            os.utime(record / key)  # still in use: kept by the pruning below
            return None
        return path, entry, args, key

    def check(item):
        path, entry, args, key = item
        command = [options.clang_tidy, "--quiet", f"--config-file={source / '.clang-tidy'}"]
        if options.checks:
            command.append(f"--checks={options.checks}")
        command += [str(path), "--"]
        command += [a for a in args[1:] if a != "-c" and a != str(path) and a != entry["file"]]
        command += precompiled.arguments(entry, args)
        result = subprocess.run(command, capture_output=True, text=True, cwd=entry["directory"])
        output = (result.stdout + result.stderr).strip()
        # clang-tidy prints "N warnings generated." for suppressed system-header warnings even when
        # clean; a finding is a "warning:" or "error:" line.
        clean = result.returncode == 0 and not any(
            (" warning: " in line or " error: " in line) for line in output.splitlines()
        )
        if clean and key:
            (record / key).touch()
        return path, clean, output

    failed = 0
    reported = set()  # a finding in a header is reported once, not once per file that includes it
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, options.jobs)) as pool:
        pending = [item for item in pool.map(remembered, entries) if item]
        # The precompiled headers the files to check need, each built once, side by side; then the
        # largest files first, so that no core is left with one long file at the end.
        first_user = {}
        for item in pending:
            first_user.setdefault(build_precompiled_header(item[1]), item)
        list(pool.map(lambda item: precompiled.arguments(item[1], item[2]), first_user.values()))
        pending.sort(key=lambda item: item[0].stat().st_size if item[0].exists() else 0, reverse=True)
        for path, clean, output in sorted(pool.map(check, pending), key=lambda result: str(result[0])):
            if clean:
                continue
            failed += 1
            print(f"--- {path.relative_to(source)}", flush=True)
            for finding in split_findings(output):
                if finding not in reported:
                    reported.add(finding)
                    print(finding, flush=True)
    checked = len(pending)
    remembered_count = len(entries) - checked
    # Records of file versions no run has met for a month go: the record does not grow for ever.
    month_ago = time.time() - 30 * 86400
    for old in record.iterdir():
        if old.stat().st_mtime < month_ago:
            old.unlink(missing_ok=True)
    print(
        f"clang-tidy: {len(entries)} files, {checked} checked, {remembered_count} clean before "
        f"and unchanged, {failed} with findings"
    )
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
