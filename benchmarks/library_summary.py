"""Print the README's tables of the theorem library from a report.

    python benchmarks/library_summary.py [reports/report.json]

Three tables (catalogue ids, all claims but ``.instances``, the ``.instances`` grids) of
verdicts per source, and how many catalogue ids are decided (PROVED / CERTIFIED / REFUTED)
on the stated domain and how many only on instances or a truncated box (a scope that
starts with "on ").
"""

from __future__ import annotations

import json
import re
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
VERDICTS = ("PROVED", "CERTIFIED", "REFUTED", "SUPPORTED", "INCONCLUSIVE", "NOT_CHECKABLE",
            "ERROR")
DECIDED = {"PROVED", "CERTIFIED", "REFUTED"}


def table(title: str, claims: list[dict]) -> str:
    rows = Counter((c["source"], c["verdict"]) for c in claims)
    sources = sorted({c["source"] for c in claims})
    out = [f"| {title} | " + " | ".join(VERDICTS) + " | total |",
           "|---" * (len(VERDICTS) + 2) + "|"]
    for s in sources:
        counts = [rows[(s, v)] for v in VERDICTS]
        out.append(f"| {s} | " + " | ".join(map(str, counts)) + f" | {sum(counts)} |")
    totals = [sum(rows[(s, v)] for s in sources) for v in VERDICTS]
    out.append("| **all** | " + " | ".join(f"**{t}**" for t in totals)
               + f" | **{sum(totals)}** |")
    return "\n".join(out)


def narrowed(c: dict) -> bool:
    return c["scope"].startswith("on ")


def main(path: str) -> None:
    report = json.loads(Path(path).read_text())
    claims = report["claims"]
    ids = set(re.findall(r"^\| ([a-z0-9_]+\.[^ |]+) \|",
                         (ROOT / "docs" / "catalogue.md").read_text(), flags=re.M))
    catalogue = [c for c in claims if c["id"] in ids]
    rest = [c for c in claims if not c["id"].endswith(".instances")]
    grids = [c for c in claims if c["id"].endswith(".instances")]
    print(table("source (catalogue ids)", catalogue), end="\n\n")
    on_domain = sum(c["verdict"] in DECIDED and not narrowed(c) for c in catalogue)
    on_part = sum(c["verdict"] in DECIDED and narrowed(c) for c in catalogue)
    print(f"catalogue ids: {len(catalogue)}; decided on the stated domain: {on_domain}; "
          f"on instances or a truncated box: {on_part}")
    all_on = sum(c["verdict"] in DECIDED and not narrowed(c) for c in rest)
    print(f"all claims but .instances: {len(rest)}; decided on the stated domain: {all_on}",
          end="\n\n")
    print(table("source (all claims but .instances)", rest), end="\n\n")
    print(table("source (.instances)", grids))
    print(f"\ncounts: {report['counts']}; claims: {len(claims)}")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else str(ROOT / "reports" / "report.json"))
