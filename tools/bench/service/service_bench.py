#!/usr/bin/env python3
"""The service's figures: submissions judged per second through the HTTP API with 1, 2
and 4 in-process workers, and the API's own cost per submission against `judge grade`
of the same file.

A package of 5 tiny tests ("a b" -> "a+b", tokens checker) in a temporary directory;
one accepted C++ solution, compiled once (the compile cache is warmed before any
timing, so every figure is judging, not compiling).

  throughput  `judge serve --workers N` (SQLite), M submissions POSTed at once, timed
              from the first POST to the last submission done; N = 1, 2, 4
              interleaved, ROUNDS rounds, the median per N.
  latency     one submission at a time with 1 worker: POST, then its event stream
              read to the end (the moment the result is stored and sent), against
              `judge grade <pkg> <file> --db F` of the same file (a process that
              starts, loads the package, judges and stores). Samples alternate; the
              median of each and their difference are printed, and the API's own
              cost: the latency minus the stored judging's own duration (its
              started/finished times in the server's database).

Usage: service_bench.py <judge executable> [rounds] [submissions]
"""
import http.client
import json
import os
import re
import shutil
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import threading
import time

JUDGE = os.path.abspath(sys.argv[1])
ROUNDS = int(sys.argv[2]) if len(sys.argv) > 2 else 3
SUBMISSIONS = int(sys.argv[3]) if len(sys.argv) > 3 else 40
LATENCY_SAMPLES = 15
TESTS = 5
SOURCE = '#include <cstdio>\nint main(){long a,b; if(scanf("%ld %ld",&a,&b)!=2) return 1; printf("%ld\\n",a+b);}\n'


def make_package(path):
    os.makedirs(f"{path}/data/secret", exist_ok=True)
    with open(f"{path}/problem.yaml", "w") as f:
        f.write("name: Tiny sum\nlimits:\n  time_ms: 1000\n  memory_kib: 65536\nchecker:\n  type: tokens\n")
    for i in range(TESTS):
        with open(f"{path}/data/secret/{i:02d}.in", "w") as f:
            f.write(f"{i} {2 * i}\n")
        with open(f"{path}/data/secret/{i:02d}.ans", "w") as f:
            f.write(f"{3 * i}\n")


class Server:
    def __init__(self, tmp, workers, db):
        self.proc = subprocess.Popen([JUDGE, "serve", "--listen", "127.0.0.1:0", "--problems", f"{tmp}/problems",
                                      "--db", db, "--workers", str(workers), "--rate", "0"],
                                     stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        m = re.match(r"judge serve: listening on http://([\d.]+):(\d+)/", self.proc.stdout.readline())
        if not m:
            self.proc.kill()
            sys.exit("service_bench: the server did not start")
        self.host, self.port = m.group(1), int(m.group(2))

    def request(self, method, path, body=None):
        conn = http.client.HTTPConnection(self.host, self.port, timeout=300)
        headers = {"Content-Type": "application/json"} if body is not None else {}
        conn.request(method, path, body=json.dumps(body) if body is not None else None, headers=headers)
        res = conn.getresponse()
        data = res.read()
        conn.close()
        return res.status, data

    def submit(self):
        status, data = self.request("POST", "/api/v1/submissions",
                                    {"problem": "tiny", "filename": "sum.cpp", "source": SOURCE})
        if status != 201:
            sys.exit(f"service_bench: submit answered {status}: {data!r}")
        return json.loads(data)["id"]

    def wait_events(self, sub_id):
        """Reads the submission's event stream to its end; returns the final document."""
        conn = http.client.HTTPConnection(self.host, self.port, timeout=300)
        conn.request("GET", f"/api/v1/submissions/{sub_id}/events")
        text = conn.getresponse().read().decode()
        conn.close()
        done = text[text.rfind("event: done\ndata: ") + 18:].strip()
        return json.loads(done)

    def stop(self):
        self.proc.terminate()
        self.proc.wait(timeout=60)


def check_accepted(doc):
    if doc.get("verdict") != "AC":
        sys.exit(f"service_bench: expected AC, found {doc}")


def throughput(tmp, workers, rnd):
    server = Server(tmp, workers, f"{tmp}/throughput-{workers}-{rnd}.sqlite")
    try:
        check_accepted(server.wait_events(server.submit()))  # warm: package, cache, sandbox
        start = time.monotonic()
        ids = [server.submit() for _ in range(SUBMISSIONS)]
        posted = time.monotonic()
        results = {}

        def follow(i):
            results[i] = server.wait_events(i)
        threads = [threading.Thread(target=follow, args=(i,)) for i in ids]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        elapsed = time.monotonic() - start
        for doc in results.values():
            check_accepted(doc)
        return SUBMISSIONS / elapsed, (posted - start) * 1000 / SUBMISSIONS
    finally:
        server.stop()


def judging_ms(db, sub_id):
    """The stored judging's own time (started -> finished: the tests, checked and stored)."""
    con = sqlite3.connect(db)
    row = con.execute("SELECT finished_unix_ms - started_unix_ms FROM judgings WHERE submission_id = ? "
                      "ORDER BY id DESC LIMIT 1", (sub_id,)).fetchone()
    con.close()
    return row[0]


def latency(tmp):
    server = Server(tmp, 1, f"{tmp}/latency.sqlite")
    api, grade, judged = [], [], []
    try:
        check_accepted(server.wait_events(server.submit()))
        with open(f"{tmp}/sum.cpp", "w") as f:
            f.write(SOURCE)
        for _ in range(LATENCY_SAMPLES):
            t0 = time.monotonic()
            sub_id = server.submit()
            check_accepted(server.wait_events(sub_id))
            api.append((time.monotonic() - t0) * 1000)
            judged.append(judging_ms(f"{tmp}/latency.sqlite", sub_id))
            t0 = time.monotonic()
            out = subprocess.run([JUDGE, "grade", f"{tmp}/problems/tiny", f"{tmp}/sum.cpp", "--json",
                                  "--db", f"{tmp}/grade.sqlite"], capture_output=True, text=True)
            grade.append((time.monotonic() - t0) * 1000)
            if out.returncode != 0 or json.loads(out.stdout)["verdict"] != "AC":
                sys.exit(f"service_bench: judge grade failed: {out.stdout}{out.stderr}")
    finally:
        server.stop()
    return statistics.median(api), statistics.median(grade), statistics.median(judged)


def main():
    tmp = tempfile.mkdtemp(prefix="judge-service-bench-")
    os.chmod(tmp, 0o755)
    os.environ["XDG_CACHE_HOME"] = f"{tmp}/cache"
    try:
        make_package(f"{tmp}/problems/tiny")
        per_workers = {1: [], 2: [], 4: []}
        post_ms = []
        for rnd in range(ROUNDS):
            for workers in per_workers:
                rate, post = throughput(tmp, workers, rnd)
                per_workers[workers].append(rate)
                post_ms.append(post)
                print(f"round {rnd + 1}, {workers} worker(s): {rate:.1f} submissions/s")
        api_ms, grade_ms, judged_ms = latency(tmp)
        print(f"package of {TESTS} tiny tests; {SUBMISSIONS} submissions per run; {ROUNDS} rounds, workers interleaved;"
              f" {os.cpu_count()} cores")
        for workers, rates in per_workers.items():
            print(f"  {workers} worker(s): median {statistics.median(rates):6.1f} submissions judged per second")
        print(f"  POST /api/v1/submissions: median {statistics.median(post_ms):.2f} ms per submission (queueing only)")
        print(f"one submission at a time, median of {LATENCY_SAMPLES} alternating samples:")
        print(f"  through the API (POST, then its event stream to the result): {api_ms:7.1f} ms")
        print(f"  judge grade of the same file (a whole process):             {grade_ms:7.1f} ms")
        print(f"  difference (API - grade; grade also starts a process, loads the package):"
              f" {api_ms - grade_ms:7.1f} ms")
        print(f"  the stored judging itself (started -> finished, in the server): {judged_ms:7.1f} ms")
        print(f"  the API's own cost per submission (API - judging: HTTP, queue, claim, compile-cache"
              f" lookup, result delivery): {api_ms - judged_ms:7.1f} ms")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
