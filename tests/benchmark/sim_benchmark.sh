#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Benchmark of sfsim (issue 3): GET /preview/v2/instances?limit=200 (all, and filtered by pool)
# against a world with 10,000 instances and POST /preview/v2/instances, each compared with
# GET /preview/v2/me of the same server in the same run. Load generator: wrk, on loopback. Not a timed test: it prints numbers.
#   usage: sim_benchmark.sh SFSIM [INSTANCES] [SECONDS] [CONNECTIONS]
set -euo pipefail
sfsim=${1:?path to sfsim}
instances=${2:-10000}
seconds=${3:-10}
connections=${4:-8}
command -v wrk >/dev/null || { echo "wrk is not installed"; exit 1; }
command -v curl >/dev/null || { echo "curl is not installed"; exit 1; }

work=$(mktemp -d)
trap 'kill $pid 2>/dev/null || true; wait $pid 2>/dev/null || true; rm -rf "$work"' EXIT
"$sfsim" --port 0 --db "$work/bench.db" --tokens-file "$work/tokens.json" --control >"$work/out.txt" 2>"$work/err.txt" &
pid=$!
for _ in $(seq 100); do grep -q "listening on" "$work/out.txt" 2>/dev/null && break; sleep 0.1; done
base=$(sed -n 's/^sfsim listening on \(http:\/\/[^ ]*\).*/\1/p' "$work/out.txt")
[ -n "$base" ] || { echo "sfsim did not start"; cat "$work/err.txt"; exit 1; }
token=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["acme-owner"])' "$work/tokens.json")
auth="Authorization: Bearer $token"

pool=$(curl -sf -H "$auth" -H 'Content-Type: application/json' -d '{"workspace":"default","name":"bench"}' \
    "$base/preview/v2/pools" | python3 -c 'import json,sys; print(json.load(sys.stdin)["id"])')
body='{"pool":"'"$pool"'","instance_sku":"sea-3-h100","image":"ubuntu-24.04-cuda-13.2"}'
cat >"$work/post.lua" <<LUA
wrk.method = "POST"
wrk.body = '$body'
wrk.headers["Content-Type"] = "application/json"
wrk.headers["Authorization"] = "Bearer $token"
LUA

run() { # label, wrk arguments...
    local label=$1; shift
    wrk --latency -t2 -c"$connections" -d"${seconds}s" "$@" >"$work/$label.txt"
    local rps p50 p99 non2xx
    rps=$(awk '/Requests\/sec/ {print $2}' "$work/$label.txt")
    p50=$(awk '$1=="50%" {print $2}' "$work/$label.txt")
    p99=$(awk '$1=="99%" {print $2}' "$work/$label.txt")
    non2xx=$(awk '/Non-2xx/ {print $NF}' "$work/$label.txt")
    echo "$label $rps $p50 $p99 ${non2xx:-0}" >>"$work/results.txt"
}

# POST /instances first: it also grows the world.
run post_instances -s "$work/post.lua" "$base/preview/v2/instances"
have=$(python3 - "$base" "$token" "$pool" <<'PY'
import json, sys, urllib.request
base, token, pool = sys.argv[1:4]
n, cursor = 0, None
while True:
    url = f"{base}/preview/v2/instances?limit=200&pool={pool}" + (f"&starting_after={cursor}" if cursor else "")
    req = urllib.request.Request(url, headers={"Authorization": "Bearer " + token})
    page = json.load(urllib.request.urlopen(req))
    n += len(page["data"])
    cursor = page["cursor"]
    if not page["has_more"]:
        break
print(n)
PY
)
missing=$((instances - have))
if [ "$missing" -gt 0 ]; then
    # Four kept-alive connections: a process per request would make this the longest part of the run.
    python3 - "$base" "$token" "$body" "$missing" <<'PY'
import http.client, sys, threading, urllib.parse
base, token, body, missing = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
url = urllib.parse.urlparse(base)
headers = {"Authorization": "Bearer " + token, "Content-Type": "application/json"}
def create(count):
    connection = http.client.HTTPConnection(url.hostname, url.port)
    for _ in range(count):
        connection.request("POST", "/preview/v2/instances", body, headers)
        response = connection.getresponse()
        response.read()
        if response.status != 201:
            sys.exit(f"POST /instances answered {response.status}")
workers = [threading.Thread(target=create, args=(missing // 4 + (i < missing % 4),)) for i in range(4)]
for w in workers:
    w.start()
for w in workers:
    w.join()
PY
fi
echo "world: $((have > instances ? have : instances)) instances in the pool"
run get_instances_200 -H "$auth" "$base/preview/v2/instances?limit=200"
run get_instances_200_pool -H "$auth" "$base/preview/v2/instances?limit=200&pool=$pool"
run get_me -H "$auth" "$base/preview/v2/me"

python3 - "$work/results.txt" <<'PY'
import sys
def ms(v):
    for unit, f in (("us", 0.001), ("ms", 1.0), ("s", 1000.0)):
        if v.endswith(unit) and (unit != "s" or not v.endswith(("us", "ms"))):
            return float(v[: -len(unit)]) * f
    return float(v)
rows = {}
for line in open(sys.argv[1]):
    label, rps, p50, p99, non2xx = line.split()
    rows[label] = (float(rps), ms(p50), ms(p99), int(non2xx))
me = rows["get_me"]
print("%-24s %12s %10s %10s %10s %12s %12s" % ("route", "req/s", "p50 ms", "p99 ms", "non-2xx", "req/s vs me", "p99 vs me"))
for label in ("get_me", "get_instances_200", "get_instances_200_pool", "post_instances"):
    rps, p50, p99, bad = rows[label]
    print("%-24s %12.1f %10.3f %10.3f %10d %12.3f %12.2f" % (label, rps, p50, p99, bad, rps / me[0], p99 / me[2]))
PY
