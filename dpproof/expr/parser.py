"""The safe expression language of claims files: a whitelist parser, no ``eval``.

Grammar (DESIGN.md, claims-file format)::

    statement  := [ conj '=>' ] relation
    conj       := relation ( 'and' relation )*
    relation   := sum ( ('<=' | '<' | '==' | '>=' | '>') sum )?
    sum        := product ( ('+' | '-') product )*
    product    := unary ( ('*' | '/') unary )*
    unary      := ('-' | '+') unary | power
    power      := atom ( ('^' | '**') unary )?
    atom       := NUMBER | NAME | NAME '(' args ')' | '(' sum ')'

Numbers become exact rationals (``0.16`` is 4/25).  Names are the declared parameters,
``pi``, and the whitelisted functions; anything else -- attribute access, subscripts,
strings, unknown names -- is rejected with the line, the column and what is allowed.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import sympy

from ..claims import Statement
from .functions import ELEMENTARY, ELEMENTARY_ARITY, REGISTRY

_TOKEN = re.compile(r"""
    (?P<ws>[ \t\r\n]+)
  | (?P<number>(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?)
  | (?P<name>[A-Za-z][A-Za-z0-9_]*)
  | (?P<op>\*\*|<=|>=|==|=>|[-+*/^<>(),])
""", re.VERBOSE)


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
    """Every callable name: sympy elementaries plus registered special functions and oracles
    (``dpproof.oracles`` registers its functions when imported; the claims-file loader does)."""
    names: dict[str, object] = dict(ELEMENTARY)
    names.update(REGISTRY)
    return names


class _Parser:
    def __init__(self, text: str, params: dict[str, sympy.Symbol], line: int, column: int):
        self.text, self.params, self.line0, self.col0 = text, params, line, column
        self.functions = allowed_functions()
        self.toks = self._tokenize()
        self.i = 0
        self.guards: list = []   # partial terms as written (README: edges of the domain)

    # -- errors and tokens -------------------------------------------------------------
    def error(self, message: str, pos: int) -> ExprSyntaxError:
        before = self.text[:pos]
        line = self.line0 + before.count("\n")
        column = (pos - before.rfind("\n")) if "\n" in before else self.col0 + pos
        src_line = self.text.splitlines()[before.count("\n")] if self.text else ""
        return ExprSyntaxError(message, line, column, src_line if "\n" in self.text else "")

    def allowed_text(self) -> str:
        params = ", ".join(sorted(self.params)) or "none declared"
        funcs = ", ".join(sorted(self.functions))
        return (f"allowed: numbers, the parameters ({params}), pi, operators + - * / ^ ** "
                f"<= < == >= > and '=>', and the functions {funcs}")

    def _tokenize(self) -> list[_Tok]:
        toks, pos = [], 0
        while pos < len(self.text):
            m = _TOKEN.match(self.text, pos)
            if not m:
                ch = self.text[pos]
                hint = " (attribute access is not allowed)" if ch == "." else ""
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
            found = repr(tok.text) if tok.text else "the end of the expression"
            raise self.error(f"expected {text!r}, found {found}", tok.pos)
        self.i += 1
        return tok

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
            raise self.error(f"unexpected {tok.text!r} after a complete statement", tok.pos)
        return stmt

    def relation(self) -> Statement:
        start = self.peek().pos
        self.guards = []
        lhs = self.sum()
        tok = self.peek()
        if tok.text not in ("<=", "<", "==", ">=", ">"):
            raise self.error("a statement needs one relation (<=, <, ==, >=, >)", start
                             if tok.kind == "end" else tok.pos)
        self.take()
        rhs = self.sum()
        if self.peek().text in ("<=", "<", "==", ">=", ">"):
            raise self.error("chained relations are not allowed; give the links as steps",
                             self.peek().pos)
        kept = (sympy.sympify(lhs), sympy.sympify(rhs))
        lost = tuple(dict.fromkeys(g for g in self.guards if not any(e.has(g) for e in kept)))
        return Statement(lhs, tok.text, rhs, (), lost)

    def partial(self, term):
        """Record a partial term as written: if sympy simplifies it away (x/x -> 1), its
        definedness still counts (``Statement.guards``)."""
        term = sympy.sympify(term)
        if term.free_symbols:
            self.guards.append(term)
        return term

    def sum(self):
        value = self.product()
        while self.peek().text in ("+", "-"):
            op = self.take().text
            right = self.product()
            value = value + right if op == "+" else value - right
        return value

    def product(self):
        value = self.unary()
        while self.peek().text in ("*", "/"):
            op = self.take().text
            right = self.unary()
            value = value * right if op == "*" else value * self.partial(1 / right)
        return value

    def unary(self):
        if self.peek().text in ("-", "+"):
            op = self.take().text
            value = self.unary()
            return -value if op == "-" else value
        return self.power()

    def power(self):
        base = self.atom()
        if self.peek().text in ("^", "**"):
            self.take()
            return self.partial(base ** self.unary())
        return base

    def atom(self):
        tok = self.take()
        if tok.kind == "number":
            return sympy.Rational(tok.text)
        if tok.text == "(":
            value = self.sum()
            self.take(")")
            return value
        if tok.kind == "name":
            if self.peek().text == "(":
                return self.call(tok)
            if tok.text in self.params:
                return self.params[tok.text]
            if tok.text == "pi":
                return sympy.pi
            if tok.text in self.functions:
                raise self.error(f"{tok.text!r} is a function; call it with parentheses", tok.pos)
            raise self.error(f"unknown name {tok.text!r}; {self.allowed_text()}", tok.pos)
        found = repr(tok.text) if tok.text else "the end of the expression"
        raise self.error(f"expected a number, a parameter, a call or '(', found {found}", tok.pos)

    def call(self, name: _Tok):
        if name.text not in self.functions:
            raise self.error(f"unknown function {name.text!r}; {self.allowed_text()}", name.pos)
        self.take("(")
        args = [self.sum()]
        while self.peek().text == ",":
            self.take()
            args.append(self.sum())
        self.take(")")
        self._check_arity(name, len(args))
        value = self.functions[name.text](*args)
        return value if name.text in _TOTAL else self.partial(value)

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


def parse_statement(text: str, params: dict[str, sympy.Symbol], line: int = 1,
                    column: int = 1) -> Statement:
    """Parse ``text`` into a Statement over ``params``; raise ExprSyntaxError if not allowed."""
    if not isinstance(text, str):
        raise ExprSyntaxError(f"a statement must be a string, got {type(text).__name__}",
                              line, column)
    return _Parser(text, params, line, column).statement()


def parse_expression(text: str, params: dict[str, sympy.Symbol], line: int = 1,
                     column: int = 1):
    """Parse a bare expression (no relation)."""
    parser = _Parser(text, params, line, column)
    value = parser.sum()
    tok = parser.peek()
    if tok.kind != "end":
        raise parser.error(f"unexpected {tok.text!r} after a complete expression", tok.pos)
    return value
