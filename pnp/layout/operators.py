"""A template's `+`, `*`, `%` and `**`, bounded (pnp.layout.guard): `+`, `*` and `%` compile to
`add`, `mul` and `mod` (pnp.layout.sandbox), which take two numbers at once, by exact type, and
check anything else before it is computed and after (`binop`); `**` goes through Jinja's
call_binop to `binop`."""

from __future__ import annotations

import operator
from typing import Any

from pnp.layout.guard import check_printf, check_size, check_value, too_large_int, weigh
from pnp.limits import TEMPLATE_INT_BITS

_SCALARS = (int, float, bool, type(None))


def add(left: Any, right: Any) -> Any:
    """A template's `left + right`: two numbers at once (arithmetic on coordinates, most of
    what a face template computes), anything else checked before and after (binop)."""
    kind, other = type(left), type(right)
    if kind is float and (other is float or other is int) or kind is int and other is float:
        return left + right
    if kind is int and other is int:
        result = left + right
        if result.bit_length() > TEMPLATE_INT_BITS:
            raise too_large_int()
        return result
    return _operated("+", left, right)


def mul(left: Any, right: Any) -> Any:
    """A template's `left * right`, as `add`."""
    kind, other = type(left), type(right)
    if kind is float and (other is float or other is int) or kind is int and other is float:
        return left * right
    if kind is int and other is int:
        if left.bit_length() + right.bit_length() > TEMPLATE_INT_BITS:
            raise too_large_int()
        return left * right
    return _operated("*", left, right)


def mod(left: Any, right: Any) -> Any:
    """A template's `left % right`, as `add` (a text's `%` formatting is checked first)."""
    kind, other = type(left), type(right)
    if kind is float and (other is float or other is int) or kind is int and other is float:
        return left % right
    if kind is int and other is int:
        result = left % right
        if result.bit_length() > TEMPLATE_INT_BITS:
            raise too_large_int()
        return result
    return _operated("%", left, right)


_OPERATORS = {"+": operator.add, "*": operator.mul, "%": operator.mod, "**": operator.pow}


def _operated(symbol: str, left: Any, right: Any) -> Any:
    binop(symbol, left, right)
    return check_value(_OPERATORS[symbol](left, right))


def binop(operator: str, left: Any, right: Any) -> None:
    """Refuse `left operator right` when its result would pass a limit (checked first)."""
    if operator == "%" and isinstance(left, str):  # a float's width too: '%999999999.1f' % 1.5
        check_printf(left, right)
        return
    if type(left) is float or type(right) is float or operator == "+" and type(left) is int:
        return  # arithmetic on coordinates, by far the most common, cannot grow past a limit
    both_ints = isinstance(left, int) and isinstance(right, int)
    if operator == "**" and both_ints:
        if right > 0 and abs(left) > 1 and left.bit_length() * right > TEMPLATE_INT_BITS:
            raise too_large_int()
    elif operator == "*":
        _check_repeat(left, right)
        _check_repeat(right, left)
        if both_ints and left.bit_length() + right.bit_length() > TEMPLATE_INT_BITS:
            raise too_large_int()
    elif operator == "+" and not isinstance(left, _SCALARS):
        check_size(weigh(left) + weigh(right), "joining these")


def _check_repeat(seq: Any, times: Any) -> None:
    if isinstance(times, int) and not isinstance(seq, _SCALARS):
        check_size(weigh(seq) * max(times, 0), "repeating this")
