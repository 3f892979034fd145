"""Generate tests/soundness/mutants.toml: false claims made by changing one thing in a true one.

Bases are (1) the theorem library's claims whose statements use only the elementary and
special functions (no oracles: renyi, hockey_stick, ... are skipped), (2) the engine
conformance cases of tests/engines/cases.py and (3) classic inequalities and needles
(``classics.py``).  Each base is mutated in one place -- a constant (x2, x1/2, +1), an exponent
(+-1, x2, x1/2), the relation (flipped or made strict), or a tiny shift (10^-9 ... 10^-30) of
one side at a point where the base is tight -- and a mutant is kept only if a violating point
inside its domain is confirmed by ``tests/soundness/mpeval.py`` (an mpmath interpreter that
shares nothing with dpproof) at 60 and at 120 digits.  The file is a claims file
(``dpproof verify tests/soundness/mutants.toml``); each note records the violating point.

Usage:  PYTHONPATH=$PWD python benchmarks/make_mutants.py [--out tests/soundness/mutants.toml]
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import tomllib
from decimal import Decimal
import random
import sys
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

import mpmath
import sympy
from sympy.printing.str import StrPrinter

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.soundness import audit, mpeval  # noqa: E402
from tests.soundness.classics import CLASSICS, DOMAIN_MUTANTS  # noqa: E402

ALLOWED = {"exp", "log", "Abs", "Max", "Min", "erf", "erfc", "Phi", "Q", "dawson", "binomial"}
TINY = (9, 15, 20, 30)
PER_BASE = 4
MAX_TEXT = 420


class ClaimsPrinter(StrPrinter):
    """sympy -> the claims-file language (abs/min/max, exp(1) for E)."""

    def _print_Abs(self, e):
        return f"abs({self._print(e.args[0])})"

    def _print_Max(self, e):
        return f"max({', '.join(self._print(a) for a in e.args)})"

    def _print_Min(self, e):
        return f"min({', '.join(self._print(a) for a in e.args)})"

    def _print_Exp1(self, e):
        return "exp(1)"


def text_of(e) -> str:
    return ClaimsPrinter({"order": "none"}).doprint(e)


# ------------------------------------------------------------------------------- domains
@dataclass(frozen=True)
class Range(audit.Range):
    """A written range that can also propose sample points."""

    def samples(self, n: int) -> list[Fraction]:
        """Ends, midpoints and a grid (integers: all of them, or spread); unbounded: a ladder."""
        lo = self.lo if self.lo is not None else (
            (self.hi - 1000) if self.hi is not None else Fraction(-1000))
        hi = self.hi if self.hi is not None else lo + 1000
        if self.integer:
            a = math.ceil(lo) + (self.lo_open and lo == math.ceil(lo))
            b = math.floor(hi) - (self.hi_open and hi == math.floor(hi))
            if b - a <= 60:
                return list(range(a, b + 1))
            return sorted({a, b, *(a + (b - a) * i // n for i in range(n + 1))})
        pts = {lo + (hi - lo) * Fraction(i, n) for i in range(n + 1)}
        ladder = [Fraction(1, 10**6), Fraction(1, 1000), Fraction(1, 10), 1, 2, 10, 100]
        if self.hi is None:
            pts |= {lo + d for d in ladder}
        if self.lo is None:
            pts |= {hi - d for d in ladder}
        if self.lo_open:
            pts = {p for p in pts if p != lo} | {lo + (hi - lo) / 10**6}
        if self.hi_open:
            pts = {p for p in pts if p != hi} | {hi - (hi - lo) / 10**6}
        return sorted(pts)


def _frac(q) -> Fraction | None:
    if q is None:
        return None
    if not getattr(q, "is_Rational", isinstance(q, (int, Fraction))):
        raise ValueError(f"irrational end {q}")
    return Fraction(str(q))


@dataclass
class Base:
    id: str
    origin: str
    text: str
    domain: dict[str, Range]
    hints: tuple[dict[str, Fraction], ...] = ()
    premutated: str = ""          # handcrafted: already the one-change mutant (says which)
    kind: str = "needle"          # the kind of a handcrafted mutant: needle or domain
    domain_text: str = ""         # the domain's TOML text verbatim (domain-end mutants)
    cap: int = PER_BASE           # at most this many mutants of this base


# ------------------------------------------------------------------------------- bases
def library_bases() -> list[Base]:
    from dpproof.claims import Kind
    from dpproof.loader import library_modules, load_target
    out = []
    for module in library_modules():
        for claim in _flat(load_target(module)):
            if claim.kind not in (Kind.INEQUALITY, Kind.IDENTITY) or claim.statement is None:
                continue
            base = _base_from_claim(claim, f"{module} ({claim.source.locator})")
            if base is not None:
                out.append(base)
    return out


def conformance_bases() -> list[Base]:
    from tests.engines import cases
    out = []
    for claim in cases.TRUE + cases.TREACHEROUS:
        base = _base_from_claim(claim, "tests/engines/cases.py")
        if base is not None:
            out.append(base)
    return out


def _flat(claims):
    for c in claims:
        yield c
        yield from _flat(c.steps)


def _base_from_claim(claim, origin) -> Base | None:
    st = claim.statement
    exprs = [st.lhs, st.rhs] + [e for h in st.hypotheses for e in (h.lhs, h.rhs)]
    names = {type(f).__name__ for e in exprs for f in e.atoms(sympy.Function)}
    if not names <= ALLOWED:
        return None
    try:
        domain = {n: Range(_frac(iv.lo), _frac(iv.hi), iv.lo_open, iv.hi_open, iv.integer)
                  for n, iv in claim.domain.params}
    except ValueError:
        return None
    rel = lambda s: f"{text_of(s.lhs)} {s.rel} {text_of(s.rhs)}"  # noqa: E731
    text = rel(st)
    if st.hypotheses:
        text = " and ".join(rel(h) for h in st.hypotheses) + " => " + text
    return Base(claim.id, origin, text, domain)


def classic_bases() -> list[Base]:
    out = []
    for c in CLASSICS:
        domain = {n: Range(*spec) for n, spec in c["domain"].items()}
        hints = tuple({k: Fraction(v) for k, v in h.items()} for h in c.get("hints", ()))
        out.append(Base(c["id"], c["origin"], c["text"], domain, hints, c.get("mutation", ""),
                        cap=c.get("cap", PER_BASE)))
    return out


def domain_bases() -> list[Base]:
    out = []
    for c in DOMAIN_MUTANTS:
        table = {"domain": tomllib.loads("d = {" + c["domain"] + "}", parse_float=Decimal)["d"],
                 "integers": c.get("integers", [])}
        domain = {n: Range(**vars(r)) for n, r in audit.written_domain(table).items()}
        hint = {k: audit.exact(v) for k, v in c["hint"].items()}
        out.append(Base("domain." + c["id"], "domain end changed", c["text"], domain, (hint,),
                        "domain end: " + c["note"], "domain", c["domain"]))
    return out


# ------------------------------------------------------------------------------- points
def grid(domain: dict[str, Range], rng: random.Random) -> list[dict[str, Fraction]]:
    names = list(domain)
    per = {1: 80, 2: 20, 3: 8, 4: 5}.get(len(names), 3)
    axes = [domain[n].samples(per) for n in names]
    size = 1
    for a in axes:
        size *= len(a)
    if size <= 700:
        pts = itertools.product(*axes)
    else:
        corners = itertools.product(*[(a[0], a[-1]) for a in axes])
        pts = list(itertools.islice(corners, 64)) + [
            tuple(rng.choice(a) for a in axes) for _ in range(600)]
    return [dict(zip(names, p)) for p in pts]


def quick_margin(parsed, point, dps=45):
    """The conclusion's margin at low precision; None where undefined or hypotheses fail."""
    try:
        for h in parsed.hypotheses:
            if h.margin(point, dps) < 0:
                return None
        return parsed.conclusion.margin(point, dps)
    except (mpeval.Undefined, ZeroDivisionError, ValueError, OverflowError):
        return None


def tight_points(parsed, points, k=6):
    """The points where the base's margin is smallest (its tight points)."""
    scored = [(m, p) for p in points if (m := quick_margin(parsed, p)) is not None]
    scored.sort(key=lambda mp: mp[0])
    return [p for _, p in scored[:k]]


def confirm(parsed, points, k=8):
    """A point confirmed (60 and 120 digits) to violate the statement, or None."""
    scored = [(m, i) for i, p in enumerate(points) if (m := quick_margin(parsed, p)) is not None]
    scored.sort()
    for m, i in scored[:k]:
        if m > 0:
            break
        check = mpeval.check_point(parsed, points[i])
        if check.violated:
            return points[i], check
    return None


# ------------------------------------------------------------------------------- mutation
def positions(e, path=()):
    yield path, e
    for i, a in enumerate(e.args):
        yield from positions(a, path + (i,))


def replace_at(e, path, new):
    if not path:
        return new
    args = list(e.args)
    args[path[0]] = replace_at(args[path[0]], path[1:], new)
    return e.func(*args, evaluate=False)


def mutations(rel: mpeval.Relation):
    """(description, kind, lhs, rel, rhs) for every one-place change of the relation."""
    flip = {"<=": ">=", ">=": "<=", "<": ">", ">": "<"}
    if rel.rel in flip:
        yield f"relation {rel.rel} -> {flip[rel.rel]}", "relation", rel.lhs, flip[rel.rel], rel.rhs
        strict = {"<=": "<", ">=": ">"}.get(rel.rel)
        if strict:
            yield f"relation {rel.rel} -> {strict}", "relation", rel.lhs, strict, rel.rhs
    for k in TINY:
        t = sympy.Rational(1, 10**k)
        if rel.rel in ("<=", "<", "=="):
            yield f"right side - 10^-{k}", "tiny", rel.lhs, rel.rel, rel.rhs - t
        else:
            yield f"right side + 10^-{k}", "tiny", rel.lhs, rel.rel, rel.rhs + t
    for side in ("lhs", "rhs"):
        e = getattr(rel, side)
        for path, sub in positions(e):
            for desc, kind, new in _point_mutations(e, path, sub):
                m = replace_at(e, path, new)
                if m == e:
                    continue
                lhs, rhs = (m, rel.rhs) if side == "lhs" else (rel.lhs, m)
                yield f"{side}: {desc}", kind, lhs, rel.rel, rhs


def _point_mutations(e, path, sub):
    parent = _at(e, path[:-1]) if path else None
    is_exponent = parent is not None and parent.is_Pow and path[-1] == 1
    if is_exponent and sub.is_number:
        for new, how in ((sub + 1, "+1"), (sub - 1, "-1"), (2 * sub, "x2"), (sub / 2, "/2")):
            if new != 0:
                yield f"exponent {text_of(sub)} -> {text_of(new)} ({how})", "exponent", new
    elif sub.is_Rational and (sub != -1 or not path) and not is_exponent:
        for new, how in ((2 * sub, "x2"), (sub / 2, "/2"), (sub + 1, "+1")):
            if new != sub:
                yield f"constant {text_of(sub)} -> {text_of(new)} ({how})", "constant", new


def _at(e, path):
    for i in path:
        e = e.args[i]
    return e


def _text(hyps: str, lhs, rel, rhs) -> str:
    return (hyps + " => " if hyps else "") + f"{text_of(lhs)} {rel} {text_of(rhs)}"


# ------------------------------------------------------------------------------- driver
@dataclass
class Mutant:
    id: str
    base: Base
    kind: str
    desc: str
    text: str
    point: dict[str, Fraction]
    margin: mpmath.mpf


def _dpproof_accepts(text: str, domain: dict[str, Range]) -> bool:
    from dpproof.claims import Interval, Domain
    from dpproof.expr import parse_statement
    d = Domain(tuple((n, Interval(r.lo, r.hi, r.lo_open, r.hi_open, r.integer))
                     for n, r in domain.items()))
    try:
        parse_statement(text, d.symbols())
        return True
    except Exception:  # noqa: BLE001 - anything dpproof cannot read is simply not used
        return False


def mutate_base(base: Base, rng: random.Random) -> list[Mutant]:
    names = list(base.domain)
    parsed = mpeval.parse(base.text, names, evaluate=False)
    points = grid(base.domain, rng)
    points += [h for h in base.hints if all(base.domain[n].contains(v) for n, v in h.items())]
    if base.premutated:
        found = confirm(parsed, points)
        if found is None:
            print(f"  {base.kind} {base.id}: no confirmed violation", file=sys.stderr)
            return []
        return [Mutant(base.id, base, base.kind, base.premutated, base.text, found[0],
                       found[1].margin)]
    if confirm(parsed, points) is not None:
        print(f"  skip {base.id}: the base itself is violated", file=sys.stderr)
        return []
    tight = tight_points(parsed, points)
    points = tight + rng.sample(points, min(len(points), 240))
    hyps = base.text.rpartition("=>")[0].strip()
    by_kind: dict[str, list[Mutant]] = {}
    seen = set()
    for desc, kind, lhs, rel, rhs in mutations(parsed.conclusion):
        text = _text(hyps, lhs, rel, rhs)
        if text in seen or len(text) > MAX_TEXT or any(s in text for s in ("zoo", "nan", "oo")):
            continue
        seen.add(text)
        if len(by_kind.get(kind, ())) >= base.cap:
            continue
        mp = mpeval.Parsed(parsed.hypotheses, mpeval.Relation(lhs, rel, rhs))
        found = confirm(mp, points)
        if found is None or not _dpproof_accepts(text, base.domain):
            continue
        by_kind.setdefault(kind, []).append(
            Mutant("", base, kind, desc, text, found[0], found[1].margin))
    return _pick(by_kind, rng, base.cap)


def _pick(by_kind, rng, cap) -> list[Mutant]:
    """At most ``cap`` mutants, round-robin over the kinds (relation, tiny, exponent, constant)."""
    pools = [rng.sample(v, len(v)) for k, v in sorted(by_kind.items())]
    out = []
    while len(out) < cap and any(pools):
        for pool in pools:
            if pool and len(out) < cap:
                out.append(pool.pop())
    return out


def toml_of(m: Mutant) -> str:
    """The mutant as a [[claim]] table; parameters the statement no longer uses are dropped."""
    parsed = mpeval.parse(m.text, list(m.base.domain))
    rels = (parsed.conclusion, *parsed.hypotheses)
    used = {s.name for r in rels for s in r.lhs.free_symbols | r.rhs.free_symbols}
    domain = {n: r for n, r in m.base.domain.items() if n in used}
    point = ", ".join(f"{n} = {v}" for n, v in m.point.items() if n in used)
    integers = [n for n, r in domain.items() if r.integer]
    q = json.dumps     # a JSON string is a TOML basic string (ASCII, escaped quotes)
    lines = ["[[claim]]", f"id = {q(m.id)}",
             f"source = {q(f'mutant ({m.kind}) of {m.base.id} [{m.base.origin}]: {m.desc}')}",
             f"statement = {q(m.text)}",
             "domain = { " + (m.base.domain_text or ", ".join(
                 f"{n} = {r.toml()}" for n, r in domain.items())) + " }"]
    if integers:
        lines.append("integers = [" + ", ".join(f'"{n}"' for n in integers) + "]")
    lines.append(f"note = {q(f'violated at {point}; margin {mpmath.nstr(m.margin, 6)} (mpmath, 60 and 120 digits)')}")
    return "\n".join(lines) + "\n"


def _key(m: Mutant):
    return m.text, tuple((n, r.toml()) for n, r in m.base.domain.items())


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default=str(ROOT / "tests/soundness/mutants.toml"))
    ap.add_argument("--seed", type=int, default=10)
    args = ap.parse_args(argv)
    rng = random.Random(args.seed)
    bases = library_bases() + conformance_bases() + classic_bases() + domain_bases()
    mutants: list[Mutant] = []
    seen = set()
    for base in bases:
        found = [m for m in mutate_base(base, rng) if _key(m) not in seen]
        seen |= {_key(m) for m in found}
        print(f"{base.id}: {len(found)} mutants", file=sys.stderr)
        for j, m in enumerate(found):
            m.id = f"mut.{base.id}" if base.premutated else f"mut.{base.id}.{j}"
        mutants.extend(found)
    header = ("# Generated by benchmarks/make_mutants.py -- do not edit by hand.\n"
              f"# {len(mutants)} false claims, each one change away from a true one; the note\n"
              "# of each gives a violating point confirmed with mpmath at 60 and 120 digits.\n\n")
    Path(args.out).write_text(header + "\n".join(toml_of(m) for m in mutants), encoding="utf-8")
    kinds = {}
    for m in mutants:
        kinds[m.kind] = kinds.get(m.kind, 0) + 1
    print(f"{len(mutants)} mutants from {len(bases)} bases: {kinds} -> {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
