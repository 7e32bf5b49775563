#!/usr/bin/env bash
# The first grading after a boot, end to end. /run is a tmpfs that every boot empties:
# the sandbox's state directory (/run/judge-sandbox) and the judge's scratch tmpfs
# (/run/judge-scratch) are made by the first judge that needs them. In a private mount
# namespace with a new empty tmpfs on /run, `rounds` times:
#   1. one judge with --jobs 2 grades the accepted submissions of eight-multi;
#   2. then two judges at once, each with --jobs 2, on another fresh /run;
#   3. then a Java submission (its compiler is reached through /etc/alternatives).
# Every submission must be AC and no message may end in ": Success".
# Usage: first_grading_after_boot.sh <judge> <problems-dir> <test-packages-dir> [rounds]
# Needs root (unshare, mount); run serially (it uses the default slots and cgroups).
set -euo pipefail

# The judges below see a fresh /run, so not the host's slot locks (/run/judge-slots),
# while the slots' cgroups are the host's. On a real boot no other judge runs yet; here
# other judges of this host may (another checkout's tests). So the script first takes
# every host slot lock (the default slots: uids 60000-60015), as each of those judges
# takes the one of the slot it runs in, and holds them until it ends: no other judge
# on the host shares a slot's cgroup with the judges under test.
if [ -z "${JUDGE_FIRST_BOOT_SLOTS_HELD:-}" ]; then
  mkdir -p -m 0700 /run/judge-slots
  exec python3 - "$0" "$@" <<'PY'
import fcntl, os, subprocess, sys
locks = [os.open(f"/run/judge-slots/uid{60000 + k}.lock", os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW | os.O_CLOEXEC, 0o600)
         for k in range(16)]
for fd in locks:
    fcntl.flock(fd, fcntl.LOCK_EX)
sys.exit(subprocess.call(["bash"] + sys.argv[1:], env=dict(os.environ, JUDGE_FIRST_BOOT_SLOTS_HELD="1")))
PY
fi
judge=$1 problems=$2 packages=$3 rounds=${4:-3}
work=$(mktemp -d /tmp/judge-first-boot.XXXXXX)
trap 'rm -rf "$work"' EXIT
export JUDGE_FIRST_BOOT_WORK=$work

# Runs "$@" (a shell snippet) in a private mount namespace on a fresh /run, and then
# stops the keepers it started there (they would idle there for minutes).
on_fresh_run() {
  unshare --mount --propagation private -- bash -c '
    set -euo pipefail
    mount -t tmpfs -o mode=0755 fresh-run /run
    rc=0
    bash -c "$1" || rc=$?
    ns=$(readlink /proc/self/ns/mnt)
    for pid in $(pgrep -f "^/.*/judge-sandbox-keeper" || true); do
      [ "$(readlink /proc/$pid/ns/mnt 2>/dev/null)" = "$ns" ] && kill -9 "$pid" 2>/dev/null || true
    done
    exit $rc' fresh-run "$1"
}

# Every report in the JSON files AC, and no ": Success" anywhere in them.
check() {
  python3 - "$@" <<'PY'
import json, sys
bad = 0
for path in sys.argv[1:]:
    text = open(path).read()
    if ": Success" in text:
        print(f"{path}: a message ends in ': Success'"); bad += 1
    try:
        reports = json.loads(text)
    except ValueError:
        print(f"{path}: no JSON (the judge failed before printing verdicts)"); bad += 1; continue
    for r in reports if isinstance(reports, list) else [reports]:
        if r.get("verdict") != "AC":
            print(f"{path}: {r.get('submission')}: expected AC, got {r.get('verdict', 'JE')}: {r.get('error', '')}")
            bad += 1
sys.exit(1 if bad else 0)
PY
}

accepted=("$problems"/eight-multi/submissions/accepted/*)
java_package=$packages/kattis2023
grade_one="\"$judge\" grade \"$problems/eight-multi\" ${accepted[*]} --jobs 2 --json --db \"\$JUDGE_FIRST_BOOT_WORK/db.sqlite\""
status=0
for round in $(seq "$rounds"); do
  on_fresh_run "$grade_one > \"\$JUDGE_FIRST_BOOT_WORK/one.json\" || true" || true
  on_fresh_run "
    $grade_one > \"\$JUDGE_FIRST_BOOT_WORK/two-a.json\" &
    $grade_one > \"\$JUDGE_FIRST_BOOT_WORK/two-b.json\" &
    wait || true
    \"$judge\" grade \"$java_package\" \"$java_package/submissions/accepted/SplitsInHalves.java\" --json \
      --db \"\$JUDGE_FIRST_BOOT_WORK/db.sqlite\" > \"\$JUDGE_FIRST_BOOT_WORK/java.json\" || true" || true
  if check "$work"/one.json "$work"/two-a.json "$work"/two-b.json "$work"/java.json; then
    echo "round $round: every submission AC (one judge, two judges at once, then Java)"
  else
    status=1
  fi
  rm -f "$work"/*.json
done
exit $status
