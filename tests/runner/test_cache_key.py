"""The result cache never answers for a claim whose meaning changed (its key holds every
field that can change a verdict, the definedness guards included), and the run cache is
not fooled by an edit of the claims file either."""

import dataclasses
import json
import os
import time
from types import SimpleNamespace

from dpproof import cache as cache_mod
from dpproof.cache import ResultCache, claim_key
from dpproof.claimfile import load_claims_file
from dpproof.claims import Claim, Domain, Interval, Kind, Statement
from dpproof.cli import main
from dpproof.engines.base import Config
from dpproof.evidence import Report, Verdict
from dpproof.execution import decide
from dpproof.runner import verify

CONFIG = Config(search_examples=20)

#: (id, statement, domain, extra keys): cheap claims, each with something to edit
CLAIMS = [
    ("cancel", "(x + 2)/(x + 2) <= 1", "x = [-1, 1]", ""),
    ("cancel2", "(y - 5)/(y - 5) + x <= 2", "x = [0, 1], y = [0, 2]", ""),
    ("plain", "x^2 <= 1", "x = [-1, 1]", ""),
    ("hyp", "x <= 1/2", "x = [-1, 1]", 'hypotheses = ["x <= 1/4"]'),
    ("hypguard", "x <= 2", "x = [-1, 1]", 'hypotheses = ["(x + 2)/(x + 2) >= 1/2"]'),
    ("digit", "x <= 1 + 1/10^25", "x = [0, 1.0000000000000000000000001]", ""),
    ("ints", "n^2 - 3*n + 2 >= 0", "n = [0, 3]", 'integers = ["n"]'),
    ("rel", "x <= 1", "x = [0, 1]", ""),
    ("oracle", "tv(Bernoulli(x), Bernoulli(x/2)) <= 1/2", "x = [0, 1]", ""),
]

#: (what is edited, claim id, text before, text after, verdict after when it changes)
EDITS = [
    ("the statement", "plain", '"x^2 <= 1"', '"x^4 <= 1"', None),
    ("the statement, cancelled terms", "cancel", '"(x + 2)/(x + 2) <= 1"', '"x/x <= 1"',
     Verdict.ERROR),
    ("the statement, cancelled terms", "cancel2", "(y - 5)/(y - 5)", "(y - 3/2)/(y - 3/2)",
     Verdict.ERROR),
    ("a hypothesis", "hyp", '["x <= 1/4"]', '["x <= 3/4"]', Verdict.REFUTED),
    ("a hypothesis's guards", "hypguard", '["(x + 2)/(x + 2) >= 1/2"]', '["x/x >= 1/2"]',
     Verdict.ERROR),
    ("a domain end in its 25th digit", "digit", "1.0000000000000000000000001]",
     "1.0000000000000000000000002]", Verdict.REFUTED),
    ("the integers", "ints", 'integers = ["n"]', 'integers = []', Verdict.REFUTED),
    ("the relation", "rel", '"x <= 1"', '"x < 1"', Verdict.REFUTED),
    ("an oracle argument", "oracle", "Bernoulli(x/2)", "Bernoulli(x/3)", None),
]


def _text(edit=None) -> str:
    out = []
    for cid, st, dom, extra in CLAIMS:
        block = (f'[[claim]]\nid = "{cid}"\nsource = "cache test"\nstatement = "{st}"\n'
                 f"domain = {{ {dom} }}\n{extra}\n")
        if edit is not None and edit[1] == cid:
            assert block.count(edit[2]) == 1, (edit, block)
            block = block.replace(edit[2], edit[3])
        out.append(block)
    return "\n".join(out)


class InProcess:
    """Decides in this process (as a worker does) and records which claims it was asked."""

    def __init__(self):
        self.asked = []

    def run(self, claims, todo, config, limits):
        for i in todo:
            self.asked.append(claims[i].id)
            yield i, decide(claims[i], config, None)


def _run(path, text, cache, config=CONFIG):
    path.write_text(text)
    spy = InProcess()
    report = verify(load_claims_file(path), config, cache=cache, executor=spy)
    return report, spy.asked


def test_every_edit_of_a_claims_file_is_decided_again(tmp_path):
    cache, path = ResultCache(tmp_path / "cache"), tmp_path / "claims.toml"
    first, asked = _run(path, _text(), cache)
    assert asked == [c[0] for c in CLAIMS] and not first.soundness_failures
    before = {a.id: a.verdict for a in first.assessments}
    assert before["cancel"] is before["cancel2"] is before["hypguard"] is Verdict.PROVED
    assert _run(path, _text(), cache)[1] == []          # unchanged: nothing decided
    for edit in EDITS:
        report, asked = _run(path, _text(edit), cache)
        assert asked == [edit[1]], edit[0]               # that claim alone, decided again
        a = report.by_id(edit[1])
        assert not a.cached
        if edit[4] is not None:
            assert a.verdict is edit[4] and before[edit[1]] is not edit[4], (edit, a.scope)
        # the same verdict as without the cache
        assert a.verdict is decide(a.claim, CONFIG, None).verdict, edit
    # the engine settings: every claim decided again
    assert sorted(_run(path, _text(), cache, Config(search_examples=20, seed=1))[1]) == \
        sorted(c[0] for c in CLAIMS)


def _proof():
    """A calculus proof (a claim over every law) for the key's ``proof`` field."""
    import sympy
    from dpproof.calculus import NONNEG, Context, Density, Proof, chaining
    from dpproof.claims import Source
    e1, e2 = sympy.symbols("e1 e2", real=True)
    return Proof(chaining(Context("c", Source("t", "", "t")), Density("p"), Density("q"), Density("r"),
                          e1, e2, {"e1": NONNEG, "e2": NONNEG}))


def _edited(claim: Claim, name: str):
    """``claim`` with field ``name`` changed: a duck-typed copy (``claim_key`` reads only
    attributes), since some values alone would not pass ``Claim.__post_init__``."""
    st = claim.statement
    new = {"id": claim.id + ".b", "kind": Kind.IDENTITY, "reason": "r", "printed": "1",
           "narrowed": "n = 1", "family": "f", "stated_point": True,
           "derived": (("eps", st.lhs),), "statement": dataclasses.replace(st, rel="<"),
           "domain": Domain.of(x=Interval.closed(-1, 2)),
           "steps": (dataclasses.replace(claim, id="s"),), "proof": _proof()}[name]
    return SimpleNamespace(**{f.name: getattr(claim, f.name) for f in
                              dataclasses.fields(claim)} | {name: new})


def test_every_claim_and_statement_field_is_in_the_key_or_excluded_with_a_reason(tmp_path):
    claim = load_claims_file(_write(tmp_path, CLAIMS[4]))[0]
    keyed, excluded = cache_mod._CLAIM_KEYED, cache_mod._CLAIM_EXCLUDED
    for f in dataclasses.fields(Claim):
        assert (f.name in keyed) != (f.name in excluded), \
            f"Claim.{f.name}: add it to cache._CLAIM_KEYED, or to _CLAIM_EXCLUDED with why"
        assert f.name not in excluded or len(excluded[f.name]) > 20
    for f in dataclasses.fields(Statement):
        assert f.name in cache_mod._STATEMENT_KEYED, f"Statement.{f.name} is not in the key"
    # each keyed field changes the key (duck-typed copies: some values break __post_init__)
    base = claim_key(claim, CONFIG)
    for name in keyed:
        assert claim_key(_edited(claim, name), CONFIG) != base, name
    st = claim.statement
    h = st.hypotheses[0]
    assert h.guards                                           # (x + 2)/(x + 2): a guard
    for name in cache_mod._STATEMENT_KEYED:
        other = {"rel": "<", "lhs": st.lhs + 1, "rhs": st.rhs + 1, "guards": (st.lhs,),
                 "hypotheses": ()}[name]
        variant = dataclasses.replace(claim, statement=dataclasses.replace(st, **{name: other}))
        assert claim_key(variant, CONFIG) != base, name
    no_guard = dataclasses.replace(h, guards=())
    variant = dataclasses.replace(claim, statement=dataclasses.replace(st, hypotheses=(no_guard,)))
    assert claim_key(variant, CONFIG) != base


def _write(folder, spec):
    cid, st, dom, extra = spec
    path = folder / "one.toml"
    path.write_text(f'[[claim]]\nid = "{cid}"\nsource = "t"\nstatement = "{st}"\n'
                    f"domain = {{ {dom} }}\n{extra}\n")
    return path


def test_the_figures_key_follows_the_axes_in_the_source_variables(tmp_path):
    claim = load_claims_file(_write(tmp_path, CLAIMS[6]))[0]          # integer n
    a = decide(claim, CONFIG, None)
    renamed = dataclasses.replace(a, claim=dataclasses.replace(
        claim, derived=(("eps", claim.domain.symbols()["n"] / 4),)))
    keys = {cache_mod.figures_key(Report((b,)), []) for b in (a, renamed)}
    assert len(keys) == 2


# -- the run cache: whole runs keyed by the claims file's bytes ------------------------

def _cli(path, out) -> dict:
    assert main(["verify", str(path), "--out", str(out), "--no-pdf", "--quiet",
                 "--engine", "interval"]) == 0
    return {c["id"]: (c["verdict"], c["cached"])
            for c in json.loads((out / "report.json").read_text())["claims"]}


def test_the_run_cache_replays_only_the_same_bytes(tmp_path, monkeypatch):
    monkeypatch.setenv("DPPROOF_CACHE_DIR", str(tmp_path / "cache"))
    path, out = tmp_path / "c.toml", tmp_path / "out"
    text = '[[claim]]\nid = "digit"\nsource = "t"\nstatement = "x <= 1 + 1/10^25"\n' \
           'domain = { x = [0, 1.0000000000000000000000001] }\n'
    path.write_text(text)
    assert _cli(path, out) == {"digit": ("CERTIFIED", False)}
    assert _cli(path, out) == {"digit": ("CERTIFIED", True)}       # replayed
    stat = path.stat()
    path.write_text(text.replace("0000001]", "0000002]"))          # same length
    os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns))        # a coarse clock's mtime
    assert path.stat().st_size == stat.st_size
    assert _cli(path, out) == {"digit": ("REFUTED", False)}


def test_a_same_length_edit_within_the_clocks_tick_is_hashed_again(tmp_path, monkeypatch):
    """A clock with a coarse tick gives two writes within the tick one mtime: the file's
    remembered hash must not be used for a file changed that recently."""
    path = tmp_path / "f.toml"
    path.write_text("aaaa")
    real = os.stat(path)
    frozen = os.stat_result((real.st_mode, real.st_ino, real.st_dev, real.st_nlink,
                             real.st_uid, real.st_gid, real.st_size, int(time.time()),
                             int(time.time()), int(time.time())))
    clock = SimpleNamespace(**vars(os))
    clock.stat = lambda f, **kw: frozen               # this module's os.stat only
    monkeypatch.setattr(cache_mod, "os", clock)
    first = cache_mod._source_hash(str(path))
    path.write_text("bbbb")
    second = cache_mod._source_hash(str(path))
    monkeypatch.undo()
    assert second != first
