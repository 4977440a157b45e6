#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The cloud-init benchmarks of issue 15 that need whole processes (the in-process ones are
# tst_cloudinitvalidator benchmarkValidationAgainstParsing and tst_cloudiniteditor
# typingIntoALargeDocumentDoesNotStall):
#   - sfdesk-cloudinit validate against `cloud-init schema -c` on the same 60 KiB cloud-config;
#   - the same checks on a Jinja template of about 60 KiB against the plain cloud-config.
# Median of five runs after a warm-up; prints numbers, asserts nothing about speed. cloud-init runs
# as an unprivileged user (as root it writes instance data under /run).
#   installer/sfdesk-env exec tests/benchmark/cloudinit_benchmark.sh BUILD_DIR
set -euo pipefail
build=$(cd "${1:?usage: cloudinit_benchmark.sh BUILD_DIR}" && pwd)
ours="$build/bin/sfdesk-cloudinit"
[ -x "$ours" ] || { echo "cloudinit_benchmark: $ours is missing; build it first" >&2; exit 2; }
command -v cloud-init >/dev/null || { echo "cloudinit_benchmark: cloud-init is not installed" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
chmod 755 "$work"
python3 - "$work" "$ours" <<'PY'
import os, statistics, subprocess, sys, time
work, ours = sys.argv[1:3]
plain = "#cloud-config\nusers:\n  - default\nwrite_files:\n"
template = "## template: jinja\n" + plain
i = 0
while len(plain) < 60 * 1024:
    plain += ("  - path: /etc/sfdesk/file%d\n    permissions: '0644'\n    owner: root:root\n"
              "    content: |\n      line one\n      line two\n" % i)
    i += 1
j = 0
while len(template) < 60 * 1024:
    template += ("  - path: /etc/sfdesk/{{ v1.local_hostname }}-%d\n    permissions: '0644'\n"
                 "{%% if v1.distro == 'ubuntu' %%}\n    owner: root:root\n{%% endif %%}\n"
                 "    content: |\n      line one\n      line two\n" % j)
    j += 1
for name, text in (("plain.yaml", plain), ("template.yaml", template)):
    with open(os.path.join(work, name), "w") as f:
        f.write(text)
    os.chmod(os.path.join(work, name), 0o644)
unprivileged = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", "env", "HOME=/tmp"] \
    if os.geteuid() == 0 else []
def median(command):
    times = []
    for n in range(6):
        start = time.perf_counter()
        done = subprocess.run(unprivileged + command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        elapsed = (time.perf_counter() - start) * 1000
        if done.returncode != 0:
            sys.exit("cloudinit_benchmark: %s failed: %s" % (command, done.stderr.decode(errors="replace")[-400:]))
        if n:
            times.append(elapsed)
    return statistics.median(times)
p = os.path.join(work, "plain.yaml")
t = os.path.join(work, "template.yaml")
ours_plain = median([ours, "validate", p])
reference = median(["cloud-init", "schema", "-c", p])
ours_template = median([ours, "validate", t])
print("| Measure | Figure | Baseline | Baseline figure | Ratio |")
print("|---|---:|---|---:|---:|")
print("| cloud-init reference: `cloud-init schema -c` on 60 KiB (%d files), whole process | %.0f ms "
      "| sfdesk-cloudinit validate, same file | %.0f ms | %.1fx |" % (i, reference, ours_plain, reference / ours_plain))
print("| Jinja template of %d bytes (%d ifs and variables), rendered and checked, whole process | %.0f ms "
      "| the plain 60 KiB cloud-config | %.0f ms | %.2fx |"
      % (len(template), j, ours_template, ours_plain, ours_template / ours_plain))
PY
