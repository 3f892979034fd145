"""The safe expression language of claims files: a whitelist parser, no ``eval``.

Grammar (docs/claims-language.md)::

    statement  := [ conj '=>' ] relation
    conj       := relation ( 'and' relation )*
    relation   := sum ( ('<=' | '<' | '==' | '>=' | '>') sum )?
    sum        := product ( ('+' | '-') product )*
    product    := unary ( ('*' | '/') unary )*
    unary      := ('-' | '+') unary | power
    power      := atom ( ('^' | '**') unary )?
    atom       := NUMBER | NAME | NAME '(' args ')' | '(' sum ')'

Numbers (ASCII digits only) become exact rationals (``0.16`` is 4/25).  Names are the
declared parameters, ``pi``, and the whitelisted functions; anything else -- attribute
access, subscripts, strings, unknown names -- is rejected with the line, the column and what
is allowed.  Calls are checked for their arity and the kinds of their arguments
(``functions.ARG_KINDS``).

The parser is total and cheap: every input either parses or raises ``ExprSyntaxError`` (with
line and column), in milliseconds.  Nothing large is computed: the size limits (digits of
exact numbers, powers, roots, nesting, length) are in ``dpproof.expr.limits``; the fuzz test
is tests/unit/test_parser_fuzz.py.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import sympy

from ..claims import Statement
from .functions import ELEMENTARY, ELEMENTARY_ARITY, REGISTRY, arg_kinds, returns_distribution
from .reference import did_you_mean
from .limits import (MAX_DEPTH, MAX_LENGTH, binomial_is_small, check_defined, check_exp,
                     check_power, check_roots, exact_number, shorten)

_NUMBER = r"(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?"
_TOKEN = re.compile(rf"""
    (?P<ws>[ \t\r\n]+)
  | (?P<number>{_NUMBER})
  | (?P<name>[A-Za-z][A-Za-z0-9_]*)
  | (?P<op>\*\*|<=|>=|==|=>|[-+*/^<>(),])
""", re.VERBOSE)
_RELATIONS = ("<=", "<", "==", ">=", ">")


#: functions defined on all reals (every other call is a partial term, see ``partial``)
_TOTAL = frozenset({"exp", "abs", "min", "max", "erf", "erfc", "Phi", "Q", "dawson"})


class ExprSyntaxError(ValueError):
    """A rejected expression; ``line`` and ``column`` are 1-based in the claims file."""

    def __init__(self, message: str, line: int, column: int, text: str = ""):
        self.message, self.line, self.column, self.text = message, line, column, text
        where = f"line {line}, column {column}"
        pointer = f"\n    {text}\n    {' ' * (column - 1)}^" if text else ""
        super().__init__(f"{where}: {message}{pointer}")


@dataclass(frozen=True)
class _Tok:
    kind: str
    text: str
    pos: int


def allowed_functions() -> dict[str, object]:
    """Every callable name: sympy elementaries plus every registered special function and
    oracle.  ``dpproof.oracles`` imports all its registering modules, so this set does not
    depend on what was imported before."""
    from .. import oracles  # noqa: F401 - registers every oracle (REGISTERING_MODULES)

    names: dict[str, object] = dict(ELEMENTARY)
    names.update(REGISTRY)
    return names


class _Parser:
    def __init__(self, text: str, params: dict[str, sympy.Symbol], line: int, column: int):
        self.text, self.params, self.line0, self.col0 = text, params, line, column
        self.functions = allowed_functions()
        self.used: set[str] = set()
        self.depth = 0
        self.i = 0
        self.guards: list = []   # partial terms as written (README: edges of the domain)
        self.toks = self._tokenize()

    # -- errors and tokens -------------------------------------------------------------
    def error(self, message: str, pos: int) -> ExprSyntaxError:
        before = self.text[:pos]
        nl = before.count("\n")
        line = self.line0 + nl
        column = (pos - before.rfind("\n")) if nl else self.col0 + pos
        src_line = self.text.split("\n")[nl] if "\n" in self.text else ""
        return ExprSyntaxError(message, line, column, src_line)

    def allowed_text(self) -> str:
        params = ", ".join(sorted(self.params)) or "none declared"
        return (f"allowed: numbers, the parameters ({params}), pi, operators + - * / ^ ** "
                f"<= < == >= > and '=>', and the functions that 'dpproof functions' lists")

    def unknown(self, what: str, tok: _Tok, pool) -> ExprSyntaxError:
        """The error of an unknown name: the closest known names (difflib), then what is
        allowed -- not every function name (``dpproof functions`` lists them)."""
        hint = did_you_mean(tok.text, pool) if len(tok.text) <= 64 else ""
        return self.error(f"unknown {what} {shorten(tok.text)!r}{hint}; {self.allowed_text()}",
                          tok.pos)

    def _tokenize(self) -> list[_Tok]:
        toks, pos = [], 0
        while pos < len(self.text):
            m = _TOKEN.match(self.text, pos)
            if not m:
                ch = self.text[pos]
                if ch == ".":
                    hint = " (attribute access is not allowed)"
                elif ch.isdigit():
                    hint = " (only the ASCII digits 0-9 make numbers)"
                else:
                    hint = ""
                raise self.error(f"unexpected character {ch!r}{hint}; {self.allowed_text()}", pos)
            if m.lastgroup != "ws":
                toks.append(_Tok(m.lastgroup, m.group(), pos))
            pos = m.end()
        toks.append(_Tok("end", "", len(self.text)))
        return toks

    def peek(self) -> _Tok:
        return self.toks[self.i]

    def take(self, text: str | None = None) -> _Tok:
        tok = self.toks[self.i]
        if text is not None and tok.text != text:
            found = repr(shorten(tok.text)) if tok.text else "the end of the expression"
            raise self.error(f"expected {text!r}, found {found}", tok.pos)
        self.i += 1
        return tok

    def number_only(self, value, pos: int, where: str):
        """``value`` itself, if it is a number; a distribution is rejected at ``pos``."""
        if returns_distribution(value):
            raise self.error(f"a distribution ({shorten(sympy.sstr(value))}) cannot be {where};"
                             " distributions are arguments of divergences such as renyi(P, Q, "
                             "alpha), kl(P, Q), hockey_stick(P, Q, eps), tv(P, Q)", pos)
        return value

    # -- grammar ---------------------------------------------------------------------
    def statement(self) -> Statement:
        rels = [self.relation()]
        while self.peek().text == "and":
            self.take()
            rels.append(self.relation())
        if self.peek().text == "=>":
            self.take()
            conclusion = self.relation()
            stmt = Statement(conclusion.lhs, conclusion.rel, conclusion.rhs, tuple(rels),
                             conclusion.guards)
        elif len(rels) > 1:
            raise self.error("'and' joins hypotheses; finish them with '=>' and a conclusion",
                             self.peek().pos)
        else:
            stmt = rels[0]
        tok = self.peek()
        if tok.kind != "end":
            raise self.error(f"unexpected {shorten(tok.text)!r} after a complete statement",
                             tok.pos)
        return stmt

    def relation(self) -> Statement:
        start = self.peek().pos
        self.guards = []
        lhs = self.number_only(self.sum(), start, "compared")
        tok = self.peek()
        if tok.text not in _RELATIONS:
            raise self.error("a statement needs one relation (<=, <, ==, >=, >)", start
                             if tok.kind == "end" else tok.pos)
        self.take()
        rpos = self.peek().pos
        rhs = self.number_only(self.sum(), rpos, "compared")
        if self.peek().text in _RELATIONS:
            raise self.error("chained relations are not allowed; give the links as steps",
                             self.peek().pos)
        kept = (sympy.sympify(lhs), sympy.sympify(rhs))
        lost = tuple(dict.fromkeys(g for g in self.guards if not any(e.has(g) for e in kept)))
        return Statement(lhs, tok.text, rhs, (), lost)

    def partial(self, term, start: int):
        """Record a partial term written from ``start``: if sympy simplifies it away (x/x -> 1)
        its definedness still counts (``Statement.guards``); a constant one must be real."""
        term, last = sympy.sympify(term), self.toks[self.i - 1]
        if term.free_symbols:
            self.guards.append(term)
        self.guard(check_defined, term, self.text[start:last.pos + len(last.text)], pos=start)
        return term

    def sum(self):
        pos = self.peek().pos
        first = self.product()
        if self.peek().text not in ("+", "-"):
            return first
        terms = [self.number_only(first, pos, "added or subtracted")]
        while self.peek().text in ("+", "-"):
            op = self.take().text
            pos = self.peek().pos
            right = self.number_only(self.product(), pos, "added or subtracted")
            terms.append(right if op == "+" else -right)
        return sympy.Add(*terms)

    def product(self):
        pos = start = self.peek().pos
        first = self.unary()
        if self.peek().text not in ("*", "/"):
            return first
        factors = [self.number_only(first, pos, "multiplied or divided")]
        while self.peek().text in ("*", "/"):
            op = self.take().text
            pos = self.peek().pos
            right = self.number_only(self.unary(), pos, "multiplied or divided")
            factors.append(right if op == "*" else self.partial(
                self.power_of(right, sympy.S.NegativeOne, pos), start))
        self.guard(check_roots, factors, pos=pos)
        return sympy.Mul(*factors)

    def unary(self):
        tok = self.peek()
        self.depth += 1
        if self.depth > MAX_DEPTH:
            raise self.error(f"the expression is nested more than {MAX_DEPTH} levels deep "
                             "(parentheses, calls, signs and powers); split it into steps",
                             tok.pos)
        try:
            if tok.text in ("-", "+"):
                self.take()
                pos = self.peek().pos
                value = self.number_only(self.unary(), pos, "negated")
                return -value if tok.text == "-" else value
            return self.power()
        finally:
            self.depth -= 1

    def power(self):
        pos = self.peek().pos
        base = self.atom()
        if self.peek().text in ("^", "**"):
            self.number_only(base, pos, "raised to a power")
            self.take()
            epos = self.peek().pos
            exponent = self.number_only(self.unary(), epos, "an exponent")
            return self.partial(self.power_of(base, exponent, pos), pos)
        return base

    def guard(self, check, *args, pos: int) -> None:
        """Run a size check of ``limits``; its ValueError becomes the error at ``pos``."""
        try:
            check(*args)
        except ValueError as exc:
            raise self.error(str(exc), pos) from None

    def power_of(self, base, exponent, pos: int):
        """``base ** exponent``, never computing a large number (``limits.check_power``)."""
        if isinstance(base, sympy.exp) or base is sympy.E:
            self.guard(check_exp, sympy.log(base) * exponent, pos=pos)
        self.guard(check_power, base, exponent, pos=pos)
        return sympy.Pow(base, exponent)

    def atom(self):
        tok = self.take()
        if tok.kind == "number":
            try:
                return exact_number(tok.text)
            except ValueError as exc:
                raise self.error(str(exc), tok.pos) from None
        if tok.text == "(":
            value = self.sum()
            self.take(")")
            return value
        if tok.kind == "name":
            if self.peek().text == "(":
                return self.call(tok)
            if tok.text in self.params:
                self.used.add(tok.text)
                return self.params[tok.text]
            if tok.text == "pi":
                return sympy.pi
            if tok.text in self.functions:
                raise self.error(f"{tok.text!r} is a function; call it with parentheses",
                                 tok.pos)
            raise self.unknown("name", tok, [*self.params, "pi", *self.functions])
        found = repr(shorten(tok.text)) if tok.text else "the end of the expression"
        raise self.error(f"expected a number, a parameter, a call or '(', found {found}", tok.pos)

    def call(self, name: _Tok):
        if name.text not in self.functions:
            raise self.unknown("function", name, self.functions)
        self.take("(")
        args, starts = [], []
        while True:
            starts.append(self.peek().pos)
            args.append(self.sum())
            if self.peek().text != ",":
                break
            self.take()
        self.take(")")
        self._check_arity(name, len(args))
        self._check_kinds(name, args, starts)
        value = self._build(name, args)
        return value if name.text in _TOTAL else self.partial(value, name.pos)

    def _check_kinds(self, name: _Tok, args, starts) -> None:
        for i, (kind, value, pos) in enumerate(zip(arg_kinds(name.text, len(args)), args,
                                                   starts)):
            if kind == "d" and not returns_distribution(value):
                raise self.error(f"argument {i + 1} of {name.text} must be a distribution such "
                                 f"as Normal(0, 1), got {shorten(sympy.sstr(value))}", pos)
            if kind == "n":
                self.number_only(value, pos, f"argument {i + 1} of {name.text}, which takes "
                                 "a number")

    def _build(self, name: _Tok, args):
        fn = self.functions[name.text]
        if name.text == "sqrt":
            return self.power_of(args[0], sympy.S.Half, name.pos)
        if name.text == "exp":
            self.guard(check_exp, args[0], pos=name.pos)
        if name.text in ("min", "max"):
            # compare only exact rationals eagerly: sympy cannot compare Phi(1) with x
            eager = all(a.is_Rational or not a.is_number for a in args)
            return fn(*args, evaluate=eager)
        if name.text == "binomial":
            return fn(*args, evaluate=binomial_is_small(*args))
        return fn(*args)

    def _check_arity(self, name: _Tok, n: int) -> None:
        if name.text in ELEMENTARY_ARITY:
            expected = ELEMENTARY_ARITY[name.text]
            allowed = None if expected is None else {expected}
        else:
            allowed = {int(a) for a in self.functions[name.text].nargs}
        if allowed is None:
            if n < 2:
                raise self.error(f"{name.text} takes at least 2 arguments, got {n}", name.pos)
        elif n not in allowed:
            want = " or ".join(str(a) for a in sorted(allowed))
            raise self.error(f"{name.text} takes {want} argument(s), got {n}", name.pos)


def _run(parser_call, text, params, line, column):
    """Run a parse; every failure, whatever raised it, becomes one ExprSyntaxError."""
    if not isinstance(text, str):
        raise ExprSyntaxError(f"a statement must be a string, got {type(text).__name__}",
                              line, column)
    if not text.strip():
        raise ExprSyntaxError("the statement is empty; write a relation such as "
                              "\"x^2 >= 0\"", line, column)
    if len(text) > MAX_LENGTH:
        raise ExprSyntaxError(f"the statement has {len(text)} characters; statements have at "
                              f"most {MAX_LENGTH} (split it into steps)", line, column)
    parser = None
    try:
        parser = _Parser(text, params, line, column)
        return parser, parser_call(parser)
    except ExprSyntaxError:
        raise
    except Exception as exc:  # noqa: BLE001 - the parser is total: one documented error
        pos = parser.peek().pos if parser is not None and parser.i < len(parser.toks) else 0
        reason = "nested too deeply" if isinstance(exc, RecursionError) else \
            f"{type(exc).__name__}: {shorten(str(exc), 120)}"
        err = parser.error if parser is not None else \
            (lambda m, p: ExprSyntaxError(m, line, column))
        raise err(f"this expression cannot be built exactly ({reason}); simplify it or split "
                  "it into steps", pos) from None


def parse_statement(text: str, params: dict[str, sympy.Symbol], line: int = 1,
                    column: int = 1, used: set[str] | None = None) -> Statement:
    """Parse ``text`` into a Statement over ``params``; raise ExprSyntaxError if not allowed.

    ``used``, if given, receives the names of the parameters the text mentions.
    """
    parser, stmt = _run(lambda p: p.statement(), text, params, line, column)
    if used is not None:
        used.update(parser.used)
    return stmt


def parse_expression(text: str, params: dict[str, sympy.Symbol], line: int = 1,
                     column: int = 1):
    """Parse a bare expression (no relation)."""
    def expression(parser):
        value = parser.sum()
        tok = parser.peek()
        if tok.kind != "end":
            raise parser.error(f"unexpected {shorten(tok.text)!r} after a complete expression",
                               tok.pos)
        return value

    return _run(expression, text, params, line, column)[1]
