"""Fill the generated blocks of README.md and docs/library.md from reports/report.json, and
docs/design.md's table of routes from ``dpproof.routes`` and the engines' route tables.

    python docs/gen_counts.py            # rewrite the blocks
    python docs/gen_counts.py --check    # exit 1 if a block differs from the report

Every number these pages give about the theorem library (counts, witnesses, margins) lives
between ``<!-- NAME:begin -->`` and ``<!-- NAME:end -->`` and comes from the committed report,
so regenerating the report and re-running this script keeps them true;
``tests/unit/test_docs.py`` checks that the committed blocks equal what this script generates.
"""

from __future__ import annotations

import json
import re
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))

from library_summary import DECIDED, VERDICTS, narrowed, table  # noqa: E402

REPORT = ROOT / "reports" / "report.json"
CATALOGUE = ROOT / "docs" / "catalogue.md"


def catalogue_ids() -> set[str]:
    return set(re.findall(r"^\| ([a-z0-9_]+\.[^ |]+) \|", CATALOGUE.read_text(), flags=re.M))


def _witness(w: dict | None) -> str:
    """A witness in the source's notation: ``eps = 0.625, delta = 0.996``."""
    return ", ".join(f"{k} = {v}" for k, v in (w or {}).items())


def readme_block(report: dict) -> str:
    claims = report["claims"]
    counts = Counter(c["verdict"] for c in claims)
    ids = catalogue_ids()
    catalogue = [c for c in claims if c["id"] in ids]
    on_domain = sum(c["verdict"] in DECIDED and not narrowed(c) for c in catalogue)
    listed = ", ".join(f"{counts[v]} {v}" for v in VERDICTS if counts[v])
    return (f"The committed report (`reports/`, dpproof {report['dpproof_version']}) holds "
            f"{len(claims)} claims: {listed}. Of the {len(catalogue)} catalogue ids, "
            f"{on_domain} are decided (PROVED, CERTIFIED or REFUTED) on the domain their "
            "source states.")


def library_block(report: dict) -> str:
    claims = report["claims"]
    ids = catalogue_ids()
    catalogue = [c for c in claims if c["id"] in ids]
    rest = [c for c in claims if not c["id"].endswith(".instances")]
    grids = [c for c in claims if c["id"].endswith(".instances")]
    on_domain = sum(c["verdict"] in DECIDED and not narrowed(c) for c in catalogue)
    on_part = sum(c["verdict"] in DECIDED and narrowed(c) for c in catalogue)
    all_on = sum(c["verdict"] in DECIDED and not narrowed(c) for c in rest)
    refuted = [c for c in catalogue if c["verdict"] == "REFUTED" and c.get("witness")]
    rows = ["| claim | witness | certified margin there |", "|---|---|---|"]
    rows += [f"| `{c['id']}` | {_witness(c['witness'])} | `{c.get('violation') or '-'}` |"
             for c in refuted]
    return "\n".join([
        f"Catalogue ids ({len(catalogue)}; the rows of the [catalogue](catalogue.md)): "
        f"{on_domain} decided on the stated domain, {on_part} only on instances or a "
        "truncated box.", "",
        table("source (catalogue ids)", catalogue), "",
        f"All claims but the `.instances` grids ({len(rest)}; steps, `.intended` and "
        f"`.repaired` included): {all_on} decided on the stated domain.", "",
        table("source (all claims but .instances)", rest), "",
        f"The `.instances` grids ({len(grids)}):", "",
        table("source (.instances)", grids), "",
        "Refuted catalogue claims, each witness exact and inside the stated domain, the "
        "violation certified in ball arithmetic there:", "", *rows])


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


def routes_block(report: dict) -> str:
    """The routes, in order: the claim's, the steps after them, each engine's own."""
    sys.path.insert(0, str(ROOT))
    from dpproof import routes
    from dpproof.engines.base import Config
    from dpproof.engines.balls.routes import ROUTES as BALLS
    from dpproof.engines.exact.routes import ROUTES as EXACT

    head = ["| # | route | proves | sound because | budget |", "|---|---|---|---|---|"]
    out = ["The claim's routes (`dpproof/routes.py`), for the default `Config.engines`:", "",
           *head]
    walked = routes.order(Config()) + list(routes.AFTER)
    for i, r in enumerate(walked, 1):
        does = getattr(r, "proves", None) or r.does
        out.append(f"| {i} | {r.name} | {_cell(does)} | {_cell(r.sound)} | {_cell(r.budget)} |")
    out += ["", "An identity (`==`) walks them in the order "
            + ", ".join(r.name for r in routes.order(Config(), identity=True))
            + ": balls never certify an identity (`routes.order`)."]
    for title, rows in (("The symbolic engine's (`engines/exact/routes.py`)", EXACT),
                        ("The interval engine's (`engines/balls/routes.py`)", BALLS)):
        out += ["", title + ":", "", *head]
        out += [f"| {i} | {r.name} | {_cell(r.does)} | {_cell(r.sound)} | {_cell(r.budget)} |"
                for i, r in enumerate(rows, 1)]
    return "\n".join(out)


BLOCKS = {ROOT / "README.md": {"counts": readme_block},
          ROOT / "docs" / "library.md": {"library": library_block},
          ROOT / "docs" / "design.md": {"routes": routes_block}}


def fill(text: str, name: str, body: str) -> str:
    """``text`` with the block ``name`` replaced by ``body``."""
    begin, end = f"<!-- {name}:begin -->", f"<!-- {name}:end -->"
    pattern = re.compile(re.escape(begin) + r".*?" + re.escape(end), re.S)
    if not pattern.search(text):
        raise ValueError(f"no {begin} ... {end} block")
    return pattern.sub(lambda m: f"{begin}\n{body}\n{end}", text, count=1)


def generated(path: Path, report: dict) -> str:
    text = path.read_text()
    for name, make in BLOCKS[path].items():
        text = fill(text, name, make(report))
    return text


def main(argv: list[str]) -> int:
    report = json.loads(REPORT.read_text())
    stale = []
    for path in BLOCKS:
        new = generated(path, report)
        if new != path.read_text():
            stale.append(path.relative_to(ROOT))
            if "--check" not in argv:
                path.write_text(new)
    if "--check" in argv and stale:
        print(f"stale generated blocks in {', '.join(map(str, stale))}: run "
              "python docs/gen_counts.py", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
