#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The performance report: builds the benchmarks (a RelWithDebInfo tree with
# -DSFDESK_BENCHMARKS=ON in build/bench), runs every benchmark of the project and prints one table,
# each figure next to its baseline measured in the same run and the ratio of the two.
#   installer/sfdesk-env exec tests/benchmark/run-all.sh [BUILD_DIR]
# With BUILD_DIR it uses that build as it is (the targets must be built). Prints numbers; asserts
# nothing about speed. Takes two to four minutes on two cores.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
source_dir=$(cd "$here/../.." && pwd)
targets=(sfdesk sfsim bench_market bench_simlist bench_windowsearch bench_barewindow bench_idlepolling bench_pricewatches tst_instancerefreshbenchmark
    tst_cloudinitvalidator tst_reservationspage bench_procurements bench_imageupload bench_scale)
# The scale step's sizes: the three tenfolds of docs/PERFORMANCE.md (about 13 minutes on two
# shared cores, most of it seeding 100,000 orders and 100,000 instances); SFDESK_SCALE_SIZES="1000 10000"
# for a quicker run.
scale_sizes=${SFDESK_SCALE_SIZES:-1000 10000 100000}

if [ $# -ge 1 ]; then
    build=$(cd "$1" && pwd)
else
    build="$source_dir/build/bench"
    cmake --preset ci -B "$build" -DSFDESK_BENCHMARKS=ON >/dev/null
    cmake --build "$build" -j"$(nproc)" --target "${targets[@]}" >/dev/null
fi
bin="$build/bin"
for t in "${targets[@]}"; do
    [ -x "$bin/$t" ] || { echo "run-all: $bin/$t is missing; build it first" >&2; exit 2; }
done

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export QT_QPA_PLATFORM=offscreen LANG=C.UTF-8 LC_ALL=C.UTF-8 QT_LOGGING_RULES='qt.qpa.*=false'
export XDG_CONFIG_HOME="$work/config" XDG_DATA_HOME="$work/data" XDG_CACHE_HOME="$work/cache"

step() { printf 'run-all: %s\n' "$*" >&2; }

step "model refresh (tst_instancerefreshbenchmark)"
"$bin/tst_instancerefreshbenchmark" >"$work/refresh.txt" 2>&1
step "cloud-init validation (tst_cloudinitvalidator)"
"$bin/tst_cloudinitvalidator" benchmarkValidationAgainstParsing >"$work/validator.txt" 2>&1
step "planner chart (tst_reservationspage)"
"$bin/tst_reservationspage" benchmarkRendering >"$work/chart.txt" 2>&1
step "window search (bench_windowsearch: Find Window over 14 days of starts against one quote)"
"$bin/bench_windowsearch" 15 >"$work/search.txt" 2>&1
step "market matching (bench_market 20000 orders, 5000 offers)"
"$bin/bench_market" 20000 5000 >"$work/market.txt" 2>&1
step "sfsim routes (sim_benchmark.sh: wrk, 10,000 instances, 5 s per route)"
bash "$here/sim_benchmark.sh" "$bin/sfsim" 10000 5 8 >"$work/sim.txt" 2>&1
step "sfsim list routes in process (bench_simlist: 10,000 instances, 201 pools, 100 partitions)"
"$bin/bench_simlist" 10000 40 >"$work/simlist.txt" 2>&1
step "procurement engine (bench_procurements: a simulated day of the demo world, 100 procurements against none)"
"$bin/bench_procurements" 100 >"$work/procurements.txt" 2>&1
step "idle requests per view (bench_idlepolling: the whole app against sfsim)"
"$bin/bench_idlepolling" >"$work/idle.txt" 2>&1
step "price watches (bench_pricewatches: orderbook reads per poll interval, 20 watches on 3 SKUs, and none)"
"$bin/bench_pricewatches" 10 >"$work/watches.txt" 2>&1
step "image upload (bench_imageupload: 1 GiB to sfsim on loopback against cp, the UI thread's longest stall)"
"$bin/bench_imageupload" 1024 >"$work/upload.txt" 2>&1
step "scale (bench_scale: sizes $scale_sizes; sfsim's first pages and order creates, the client's refreshes, the planner chart, memory)"
# shellcheck disable=SC2086
"$bin/bench_scale" --png "$work/scale.png" $scale_sizes >"$work/scale.txt" 2>&1
step "cold start (sfdesk --self-test against a bare window, 5 runs each: until the window is shown)"
python3 - "$bin/sfdesk" "$bin/bench_barewindow" "$work" >"$work/startup.txt" <<'PY'
import os, shutil, statistics, subprocess, sys, time
sfdesk, bare, work = sys.argv[1:4]
# From the process's start until it reports its window shown (both print "... shown" on stderr
# once the window is exposed): what the user waits for. The app then quits; its exit, which waits
# for the local simulator's thread, is not part of the start.
def run(command, fresh):
    env = dict(os.environ)
    home = os.path.join(work, "start-home")
    if fresh:
        shutil.rmtree(home, ignore_errors=True)
    for var, sub in (("XDG_CONFIG_HOME", "config"), ("XDG_DATA_HOME", "data"), ("XDG_CACHE_HOME", "cache")):
        env[var] = os.path.join(home, sub)
    start = time.perf_counter()
    process = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    shown = None
    for line in process.stderr:
        if shown is None and line.rstrip().endswith(" shown"):
            shown = (time.perf_counter() - start) * 1000
    if process.wait(timeout=120) != 0 or shown is None:
        sys.exit("%s did not show its window" % command[0])
    return shown
run([bare], True)  # warms the file cache for both: the first start of any Qt app loads the libraries
times = {"app": [], "bare": []}
for _ in range(5):
    times["bare"].append(run([bare], True))
    times["app"].append(run([sfdesk, "--self-test"], True))
print("startup app %.1f bare %.1f" % (statistics.median(times["app"]), statistics.median(times["bare"])))
PY

python3 - "$work" <<'PY'
import re, sys
work = sys.argv[1]
def read(name):
    return open(f"{work}/{name}", encoding="utf-8", errors="replace").read()
def find(pattern, text, what):
    m = re.search(pattern, text)
    if not m:
        sys.exit(f"run-all: no {what} in the benchmark output:\n{text}")
    return [float(g) for g in m.groups()]
rows = []  # (measure, figure, unit, baseline, baseline figure, lower is better)

refresh = read("refresh.txt")
(parse,) = find(r"fromJson only:\s*([\d.]+) ms", refresh, "fromJson time")
(first,) = find(r"first refresh \(parse\+diff\):\s*([\d.]+) ms", refresh, "first refresh time")
(polled_parse,) = find(r"polled fromJson only:\s*([\d.]+) ms", refresh, "polled fromJson time")
(again, _) = find(r"polled unchanged:\s*([\d.]+) ms, ratio [\d.]+, longest UI stall ([\d.]+) ms", refresh,
                            "unchanged poll time")
rows.append(("Model refresh, 10,000 instances (parse + diff)", first, "ms",
             "QJsonDocument::fromJson of the same bytes", parse))
# The app's path (ApiCall, Poller, model) with the same bytes as the last answer: compared, not parsed.
rows.append(("Model refresh, unchanged poll (whole poll as the app runs it)", again, "ms",
             "QJsonDocument::fromJson of the same bytes", polled_parse))
# A changed answer of 10,000 instances: the longest gap between two turns of the UI thread's event
# loop (a 1 ms timer) with the diff on a worker thread, against the same poll diffed on the UI thread.
(_, changed_stall) = find(r"polled changed:\s*([\d.]+) ms, ratio [\d.]+, longest UI stall ([\d.]+) ms", refresh,
                          "changed poll stall")
(ui_changed_stall,) = find(r"diff on the UI thread, first: .*; changed: [\d.]+ ms, longest UI stall ([\d.]+) ms",
                           refresh, "changed poll stall, diff on the UI thread")
rows.append(("Longest UI stall, changed 10,000-instance poll (diff on a worker; goal 16 ms)", changed_stall, "ms",
             "the same poll diffed on the UI thread", ui_changed_stall))
# The same by the tests' watchdog (10 ms tick; the time the thread waited for a CPU taken out).
(bg_app, bg_cpu) = find(r"watchdog stall \(ms, app/cpu\) diff in background: .* changed (\d+)/(\d+)", refresh,
                        "watchdog stall")
(ui_app, ui_cpu) = find(r"watchdog stall \(ms, app/cpu\) diff on the UI thread: .* changed (\d+)/(\d+)", refresh,
                        "watchdog stall, diff on the UI thread")
rows.append(("UI stall by the watchdog (beyond its 10 ms tick, CPU waits out), changed 10,000-instance poll",
             bg_app, "ms", "the same poll diffed on the UI thread", ui_app))

sim = read("sim.txt")
def sim_row(label):
    return find(label + r"\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)", sim, label)
me_rps, me_p50, me_p99 = sim_row("get_me")
for label, text in (("get_instances_200", "sfsim GET /instances?limit=200 (10,000 in the world), p50"),
                    ("get_instances_200_pool", "sfsim GET /instances?limit=200&pool= (10,000 in the pool), p50"),
                    ("post_instances", "sfsim POST /instances, p50")):
    rps, p50, p99 = sim_row(label)
    rows.append((text, p50, "ms", "GET /me, p50", me_p50))
    rows.append((text.replace(", p50", ", throughput"), rps, "req/s", "GET /me, throughput", me_rps))

simlist = read("simlist.txt")
def simlist_cpu(label):
    return find(r"\n" + label + r"\s+\d+\s+\d+\s+[\d.]+\s+[\d.]+\s+([\d.]+)", simlist, label)[0]
list_me = simlist_cpu("me")
for label, text in (("instances_200", "sfsim in process: GET /instances?limit=200 (10,000), cpu"),
                    ("pools_200", "sfsim in process: GET /pools?limit=200 (201 pools), cpu"),
                    ("partitions_200", "sfsim in process: GET /infiniband_partitions (100), cpu")):
    rows.append((text, simlist_cpu(label), "ms", "GET /me in process, cpu", list_me))

market = read("market.txt")
(match_rate,) = find(r"matching: \d+ orders, \d+ with fills: \d+ orders/s wall \([\d.]+ s\), (\d+) orders/s cpu",
                     market, "matching rate")
(insert_rate,) = find(r"inserts:\s+\d+ orders: \d+ orders/s wall \([\d.]+ s\), (\d+) orders/s cpu", market,
                      "insert rate")
rows.append(("Market: orders matched against 5,000 offers (cpu)", match_rate, "orders/s",
             "plain order inserts (cpu)", insert_rate))

none_ms, proc_count, busy_ms = find(r"procurement day: none ([\d.]+) ms, (\d+) procurements ([\d.]+) ms",
                                   read("procurements.txt"), "procurement day timing")
rows.append((f"sfsim: a simulated day of the demo world with {int(proc_count)} procurements (cpu)", busy_ms, "ms",
             "the same day with none (cpu)", none_ms))

chart = read("chart.txt")
empty, full, _, change = find(r"empty ([\d.]+) ms, 20 SKUs \+ 1000 orders ([\d.]+) ms, ratio ([\d.]+); "
                              r"change to shown ([\d.]+) ms", chart, "chart timing")
rows.append(("Planner chart, month, 20 SKUs + 1,000 orders: render", full, "ms", "empty chart render", empty))
rows.append(("Planner chart: new snapshot to shown", change, "ms", "empty chart render", empty))

search_ms, search_requests, quote_ms, quote_requests = find(
    r"starts over 14d: ([\d.]+) ms, (\d+) request\(s\), \d+ results; one quote: ([\d.]+) ms, (\d+) request\(s\)",
    read("search.txt"), "window search timing")
rows.append((f"Find Window: 2 nodes, 3d to 5d, starts over 14 days ({int(search_requests)} request(s))", search_ms, "ms",
             f"one live quote, order preview ({int(quote_requests)} request(s))", quote_ms))

validator = read("validator.txt")
parse_ms, validate_ms = find(r"parse ([\d.]+) ms, validate ([\d.]+) ms", validator, "validator timing")
rows.append(("cloud-init: validate 60 KiB of user data", validate_ms, "ms", "YAML parse of the same text", parse_ms))

upload_ms, cp_ms, stall_ms = find(r"upload \d+ mib upload_ms (\d+) cp_ms (\d+) ratio [\d.]+ stall_ms (\d+)",
                                  read("upload.txt"), "upload timing")
rows.append(("Image upload, 1 GiB to sfsim on loopback (parts, SHA-256 checked)", upload_ms, "ms",
             "cp of the same file", cp_ms))
rows.append(("Longest UI stall during that upload", stall_ms, "ms", "the goal (not measured)", 50))

scale = read("scale.txt")
for measure, label, unit in (("sim_page_ms", "sfsim GET /instances?limit=200, first page (cpu)", "x"),
                             ("orders_page_ms", "sfsim GET /orders?limit=200, first page (cpu)", "x"),
                             ("fills_page_ms", "sfsim GET /orderbook/fills?limit=200, first page (cpu)", "x"),
                             ("create_ms", "sfsim POST /orders, a standing buy (cpu)", "x"),
                             ("create_full_ms", "sfsim POST /orders once the instances are in too (cpu)", "x"),
                             ("refresh_ms", "client refresh of the whole instance list", "x"),
                             ("orders_refresh_ms", "client refresh of the whole orders list", "x"),
                             ("chart_ms", "planner chart render of the orders' pool", "x"),
                             ("rss_mb", "app memory (RSS) with both lists loaded", "x")):
    (growth,) = find(r"growth " + measure + r" ([\d.]+)x", scale, "scale growth of " + measure)
    rows.append((f"Scale: {label}, growth per tenfold of the account", growth, unit, "the goal (at most)", 10.0))

app, bare = find(r"startup app ([\d.]+) bare ([\d.]+)", read("startup.txt"), "startup timing")
rows.append(("Cold start: sfdesk --self-test, until the window is shown (median of 5)", app, "ms",
             "bare Qt window, same check", bare))

for section, lists, expected, measured in re.findall(
        r"idle (\w+) lists (\d+) expected (\d+) measured ([\d.]+)", read("idle.txt")):
    section = section.replace("_without_notices", " (notifications off)")
    rows.append((f"Idle requests per poll interval, {section} shown", float(measured), "req",
                 f"its {lists} shown list(s) + the account check", float(expected)))

for watches, skus, intervals, reads, most in re.findall(
        r"pricewatches watches (\d+) skus (\d+) intervals (\d+) reads (\d+) most (\d+)", read("watches.txt")):
    if watches == "0":
        rows.append((f"Orderbook reads over {intervals} poll intervals, no price watch", float(reads), "req",
                     "none", 0.0))
        continue
    rows.append((f"Orderbook reads per poll interval, {watches} price watches (most in one interval)",
                 float(most), "req", f"one per SKU watched ({skus})", float(skus)))
    rows.append((f"Orderbook reads per poll interval, {watches} price watches (mean over {intervals})",
                 float(reads) / float(intervals), "req", f"one per SKU watched ({skus})", float(skus)))

def fmt(v):
    return f"{v:,.0f}" if v >= 100 else f"{v:.2f}"
print("| Measure | Figure | Baseline (same run) | Baseline | Ratio |")
print("|---|---:|---|---:|---:|")
for measure, figure, unit, baseline, base in rows:
    ratio = figure / base if base else (1.0 if figure == base else float("inf"))
    print(f"| {measure} | {fmt(figure)} {unit} | {baseline} | {fmt(base)} {unit} | {ratio:.3g}x |")
PY
