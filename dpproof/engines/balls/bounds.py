"""Enclosing the margin on one box (mixed into the interval engine's search, issue 12).

The tightest of: plain ball evaluation, the margin in shifted coordinates u = x - L and its
exact rewrites (``enclosures.Forms``), the mean-value form, and evaluation on the face where
the margin is smallest along every parameter whose partial derivative has a certified sign
(from balls, sympy's sign rules, the signs of a product's factors, or a second derivative
of certified sign and the slope at an end; faces at special values are substituted
exactly; a worst face that is a point where the bound is tight is decided exactly,
``exact_point``).  The precision escalates on small boxes that stay undecided.  Every derived form
is used only where the margin is certainly defined on the box (``_defined``).
"""

from __future__ import annotations


from flint import arb

from ...lowering import at_precision
from . import boxes as B
from .enclosures import defined, enclose, intersect


#: boxes on which the derived forms are tried before they must have decided one
TRIAL = 150
#: after TRIAL fruitless boxes, the derived forms are tried on one box in RETRY
RETRY = 16


class Bounds:
    """Methods of ``interval_search.Search`` that enclose the margin on a finite box."""

    def _bound(self, box, balls, m):
        """The tightest enclosure of the margin on a finite box (see the module doc);
        the precision escalates (x4, up to ``max_prec``) on small boxes still undecided."""
        m, prec = self._tighten(box, balls, m), self.config.prec
        point = B.is_point(box, self.integer)
        while not self._ok(m) and prec < self.max_prec and (
                point or B.relative_width(box, self.root) < 2.0 ** (-prec // 8)):
            prec = min(4 * prec, self.max_prec)
            with at_precision(prec):
                balls = B.balls(box)
                m = self._tighten(box, balls, enclose(self.c.margin, balls))
        return m

    def _tighten(self, box, balls, m):
        if self._ok(m) or not self._worth_it():
            return m
        ub = self._ub(box)
        if not self._defined(m, ub):
            return m
        self.form_tries += 1
        values = [m, self.forms.mean_value(ub, self._ub(B.point_box(box, self.integer)))]
        if self.rewritten:
            values.append(self.forms.whole(*ub))
        m = intersect(values)
        if not self._ok(m):
            low = self._monotone_margin(box, balls)
            if low is not None and self._ok(low):
                m = low
        self.form_wins += bool(self._ok(m))
        return m

    def _worth_it(self) -> bool:
        """The derived forms cost several evaluations of larger expressions per box: after
        ``TRIAL`` boxes on which they never decided anything, they are tried on one box in
        ``RETRY`` only -- until they decide one (they may be needed only where the margin
        is small: osgt22.rdp.zeta_small.repaired near alpha = 1.9).  A budget heuristic; it
        never affects soundness."""
        if self.form_wins > 0 or self.form_tries < TRIAL:
            return True
        self.form_skips += 1
        return self.form_skips % RETRY == 0

    def _static(self, box, m) -> bool:
        """Sympy's sign rules show the margin >= 0 (> 0 if strict) on the whole domain,
        and it is defined on this box."""
        whole = self.forms.whole
        holds = whole.positive if self.c.strict else whole.static == 1
        return bool(holds) and self._defined(m, self._ub(box))

    def _ub(self, box):
        """Balls of the shifted coordinates u = x - L (``Forms`` works in them)."""
        u = [(lo - s, hi - s) for (lo, hi), s in zip(box, self.shift)]
        return B.balls(u) + (self.forms.atom_balls(u) if self.forms.atoms else [])

    def _defined(self, m, ub) -> bool:
        """The margin is certainly defined on the box: the plain enclosure is finite (the
        lowering raises ``MaybeUndefined`` where it may not be), or the shifted margin (the
        same expression, where sympy knows u >= 0) is, and the parser recorded no guards
        (terms simplified away, whose definedness only the plain lowering checks)."""
        return defined(m) or (not self.guarded and bool(self.forms.whole) and defined(
            enclose(self.forms.whole.fns[0], ub)))

    def _monotone_margin(self, box, balls, worst: bool = True):
        """The margin with every coordinate along which it is certified monotone on the box
        moved to its worst end (``worst``; sound: moving there can only lower the margin)
        or its best end (an upper bound); None if no partial derivative has a certified
        sign or the margin is not defined on the box."""
        ub = self._ub(box)
        if not self._defined(enclose(self.c.margin, balls), ub):
            return None
        face_box, faces = list(box), []
        for i in range(len(box)):
            sign = self._derivative_sign(i, box, ub)
            if sign is not None:
                end = box[i][0] if (sign > 0) == worst else box[i][1]
                face_box[i] = (end, end)
                faces.append((i, end - self.shift[i]))
        if not faces:
            return None
        moved = self._ub(face_box)
        values = [enclose(self.c.margin, B.balls(face_box)), self.forms.whole(*moved),
                  self.forms.mean_value(moved, self._ub(B.point_box(face_box, self.integer)))]
        for i, end in faces:
            face = self.forms.face(i, end) if end in self.special[i] else None
            if face is not None:
                values.append(face(*moved))
        low = intersect(values)
        if worst and not self.c.strict and not self._ok(low) and \
                B.is_point(face_box, self.integer) and \
                self._exact_point(face_box, conclusion_only=True):
            return arb(0)   # the worst point of the box holds exactly: a tight bound
        return low

    def _derivative_sign(self, i, box, ub):
        """+1 if d margin/dx_i >= 0 on the box, -1 if <= 0, None if not certified
        (``ub``: the box in shifted coordinates).

        Falls back to the second derivative: if it has a certified sign, the first
        derivative is monotone in x_i and its extreme is at an end of the box."""
        first = self.forms.derivative(i)
        if first is None or box[i][0] == box[i][1]:
            return None
        sign = first.sign(ub)
        if sign is not None:
            return sign
        second = self.forms.second(i)
        h = None if second is None else second.sign(ub)
        if h is None:
            return None
        low, high = (self._derivative_at(i, box, end) for end in box[i])
        if h < 0:
            low, high = high, low
        if low >= 0:
            return 1
        if high <= 0:
            return -1
        return None

    def _derivative_at(self, i, box, end):
        """An enclosure of d margin/dx_i on the face x_i = end of the box."""
        face = list(box)
        face[i] = (end, end)
        ub, u_end = self._ub(face), end - self.shift[i]
        values = [self.forms.derivative(i)(*ub)]
        face_form = self.forms.derivative_face(i, u_end) if u_end in self.special[i] else None
        if face_form is not None:
            values.append(face_form(*ub))
        return intersect(values)

