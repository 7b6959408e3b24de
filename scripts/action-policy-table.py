#!/usr/bin/env python3
"""Prints, for each case of tests/rules/dnd5e/action_policy_cases.json, the win
probability of the monster's side under the default action policy and under
every single-action fixed policy ("tactics": {"actions": [NAME]}), with the
verdict of the bound action_policy_test.cpp checks: the default at least as
good as each fixed policy within 4.5 standard errors.

Usage: scripts/action-policy-table.py [-n BATTLES] [-t THREADS]   (default 100000, all)
The arena binary is $ARENA, else build/app/arena. Exit 1 when a bound fails.
"""

import argparse
import json
import math
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CASES = os.path.join(ROOT, "tests", "rules", "dnd5e", "action_policy_cases.json")
ARENA = os.environ.get("ARENA", os.path.join(ROOT, "build", "app", "arena"))


def encounter(spec, case, actions=None):
    monster = {"monster": case["monster"], "count": case["count"]}
    if actions is not None:
        monster["tactics"] = {"actions": actions}
    return {"name": case["monster"], "seed": spec["seed"],
            "factions": [{"name": "Monsters", "members": [monster]},
                         {"name": "Opponents",
                          "members": [{"monster": spec["opponent"], "count": case["opponents"]}]}]}


def arena(args, enc):
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        json.dump(enc, f)
    try:
        out = subprocess.run([ARENA] + args + [f.name], check=True, capture_output=True, text=True)
    finally:
        os.unlink(f.name)
    return json.loads(out.stdout)


def action_names(spec, case):
    described = arena(["validate", "--format", "json"], encounter(spec, case))
    return [a["name"] for a in described["factions"][0]["creatures"][0]["actions"]]


def win_rate(spec, case, battles, threads, actions=None):
    report = arena(["simulate", "--format", "json", "-n", str(battles), "-t", str(threads)],
                   encounter(spec, case, actions))
    return report["factions"][0]["win_probability"]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("-n", "--battles", type=int, default=100000)
    parser.add_argument("-t", "--threads", type=int, default=0)
    args = parser.parse_args()
    spec = json.load(open(CASES))
    n = args.battles
    failed = 0
    print("%-26s %-44s %8s %8s %s" % ("monster (vs veterans)", "policy", "win %", "diff SE", "bound"))
    for case in spec["cases"]:
        label = "%d %s vs %d" % (case["count"], case["monster"], case["opponents"])
        p_default = win_rate(spec, case, n, args.threads)
        print("%-26s %-44s %7.2f%%" % (label, "default", 100 * p_default), flush=True)
        for name in action_names(spec, case):
            p = win_rate(spec, case, n, args.threads, [name])
            se = math.sqrt((p_default * (1 - p_default) + p * (1 - p)) / n)
            ok = p_default >= p - 4.5 * se
            failed += 0 if ok else 1
            z = (p_default - p) / se if se > 0 else float("inf")
            print("%-26s %-44s %7.2f%% %8.1f %s" % ("", "only " + name, 100 * p, z,
                                                   "ok" if ok else "FAILS"), flush=True)
    print("%d bound(s) failed" % failed)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
