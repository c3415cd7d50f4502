"""Rewrite the `str.format` templates of Python message catalogs as Fluent, in place.

    .venv/bin/python scripts/fluent_convert.py [--check] FILE...

A template is a string literal that is the value of a `"fr"`/`"en"` key of a dict, an
argument of a `_t(fr, en)` helper call, or the `fr`/`en` element of the tuples a
comprehension unpacks as `for key, fr, en in (...)`. Each one is converted with
`arbitre.engine.i18n.legacy_to_fluent` (`{x}` -> `{ $x }`, `{{` -> `{"{"}`, edge blanks
kept as `{" "}`), piece by piece when the literal is an implicit concatenation, and only
if its Fluent form renders exactly as the old template for a battery of arguments.
Fluent templates and plain texts are left as they are, so running it again changes
nothing. `--check` lists what would change without writing; the exit status is 1 when a
file would change or a template could not be converted.
"""

from __future__ import annotations

import ast
import bisect
import io
import string
import sys
import tokenize
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from arbitre.engine.i18n import _quote, is_legacy, legacy_body, legacy_to_fluent, render_fluent

LINE_LENGTH = 100
SAMPLES: tuple[Any, ...] = ("Alpha", "l'Imperium", 0, 1, 2, 1234, -3, 2.5, 0.125, True, None)


def renders_alike(old: str, new: str) -> bool:
    """Whether the legacy template `old` and the Fluent `new` print the same for samples."""
    fields = sorted({f for _l, f, _s, _c in string.Formatter().parse(old) if f})
    for sample in SAMPLES:
        args = {f: sample for f in fields}
        try:
            expected = old.format_map(args)
        except (ValueError, TypeError):
            continue  # a spec that does not apply to this sample (`{x:.1f}` with text)
        if render_fluent(new, args) != expected:
            return False
    return True


@dataclass
class Piece:
    start: int  # offsets in the source text
    end: int
    value: str
    quote: str


def _candidates(tree: ast.AST) -> Iterator[ast.Constant]:
    """String literals that are message templates (see the module docstring)."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Dict):
            for k, v in zip(node.keys, node.values, strict=True):
                if (
                    isinstance(k, ast.Constant)
                    and k.value in ("fr", "en")
                    and isinstance(v, ast.Constant)
                    and isinstance(v.value, str)
                ):
                    yield v
        elif isinstance(node, ast.Call):
            name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
            if name == "_t":
                for arg in node.args:
                    if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                        yield arg
        elif isinstance(node, ast.comprehension) and isinstance(node.target, ast.Tuple):
            names = [getattr(t, "id", None) for t in node.target.elts]
            where = [i for i, n in enumerate(names) if n in ("fr", "en")]
            if where and isinstance(node.iter, ast.Tuple | ast.List):
                for row in node.iter.elts:
                    if isinstance(row, ast.Tuple) and len(row.elts) == len(names):
                        for i in where:
                            elt = row.elts[i]
                            if isinstance(elt, ast.Constant) and isinstance(elt.value, str):
                                yield elt


def _offsets(source: str) -> list[int]:
    starts = [0]
    for line in source.splitlines(keepends=True):
        starts.append(starts[-1] + len(line))
    return starts


def _pieces(source: str, node: ast.Constant, tokens: list[tokenize.TokenInfo]) -> list[Piece]:
    lines = _offsets(source)
    assert node.end_lineno is not None and node.end_col_offset is not None
    text_lines = source.splitlines(keepends=True)

    def chars(line: int, col: int) -> tuple[int, int]:  # ast columns count UTF-8 bytes
        return line, len(text_lines[line - 1].encode("utf-8")[:col].decode("utf-8"))

    begin = chars(node.lineno, node.col_offset)
    finish = chars(node.end_lineno, node.end_col_offset)
    out = []
    first = bisect.bisect_left(tokens, begin, key=lambda t: t.start)
    for tok in tokens[first:]:
        if tok.start > finish:
            break
        if tok.type == tokenize.STRING and tok.end <= finish:
            prefix = tok.string[: len(tok.string) - len(tok.string.lstrip("rRbBuUfF"))]
            if prefix.lower() not in ("", "u"):
                return []
            quote = tok.string[len(prefix)]
            start = lines[tok.start[0] - 1] + tok.start[1]
            end = lines[tok.end[0] - 1] + tok.end[1]
            out.append(Piece(start, end, ast.literal_eval(tok.string), quote))
    return out


def _literal(value: str) -> str:
    text = repr(value)
    if text[0] == "'" and '"' not in value:
        text = '"' + text[1:-1].replace("\\'", "'") + '"'
    return text


def _split_points(value: str) -> list[int]:
    """Positions after a space outside any placeable, where a literal may be cut."""
    depth, points = 0, []
    for i, c in enumerate(value):
        depth += c == "{"
        depth -= c == "}"
        if c == " " and depth == 0 and i + 1 < len(value):
            points.append(i + 1)
    return points


def _emit(value: str, column: int, line_start: str, line_end: str) -> str:
    """The literal(s) for `value` at `column`, cut at spaces to keep lines short."""
    whole = _literal(value)
    if len(line_start) + len(whole) + len(line_end) <= LINE_LENGTH:
        return whole
    room = LINE_LENGTH - len(line_start) - 3
    cuts = [p for p in _split_points(value) if len(_literal(value[:p])) <= room]
    if not cuts:
        return whole
    head, rest = value[: cuts[-1]], value[cuts[-1] :]
    indent = " " * column
    return _literal(head) + "\n" + indent + _emit(rest, column, indent, line_end)


def _protect(text: str, lead: bool, trail: bool) -> str:
    if lead and text[:1] in (" ", "\t"):
        n = len(text) - len(text.lstrip(" \t"))
        text = _quote(text[:n]) + text[n:]
    if trail and text[-1:] in (" ", "\t"):
        n = len(text) - len(text.rstrip(" \t"))
        text = text[:-n] + _quote(text[-n:])
    return text


def convert_piecewise(values: list[str]) -> list[str] | None:
    """Fluent forms of the pieces of one implicitly concatenated template, or None when
    a field or an escaped brace straddles two pieces."""
    whole = "".join(values)
    target = legacy_to_fluent(whole)
    if target == whole:
        return values
    if len(values) == 1:
        return [target]
    try:
        out = [_protect(legacy_body(v), i == 0, i == len(values) - 1) for i, v in enumerate(values)]
    except ValueError:
        return None
    return out if "".join(out) == target else None


def convert_source(source: str, where: str = "<source>") -> tuple[str, list[str]]:
    """`source` with its templates in Fluent, and the problems met (left unconverted)."""
    tree = ast.parse(source)
    tokens = list(tokenize.generate_tokens(io.StringIO(source).readline))
    problems: list[str] = []
    edits: list[tuple[int, int, str]] = []
    seen: set[int] = set()
    for node in _candidates(tree):
        if id(node) in seen:
            continue
        seen.add(id(node))
        pieces = _pieces(source, node, tokens)
        if not pieces or "".join(p.value for p in pieces) != node.value:
            continue
        old = node.value
        if not is_legacy(old):
            continue
        try:
            new_values = convert_piecewise([p.value for p in pieces])
            new = legacy_to_fluent(old)
            alike = renders_alike(old, new)
        except ValueError as exc:
            problems.append(f"{where}:{node.lineno}: {exc}")
            continue
        if new_values is None or not alike:
            problems.append(f"{where}:{node.lineno}: {old!r} does not convert faithfully")
            continue
        for piece, value in zip(pieces, new_values, strict=True):
            if value == piece.value:
                continue
            line_start = source.rfind("\n", 0, piece.start) + 1
            line_end = source.find("\n", piece.end)
            end_text = source[piece.end : line_end if line_end >= 0 else len(source)]
            text = _emit(
                value, piece.start - line_start, source[line_start : piece.start], end_text
            )
            edits.append((piece.start, piece.end, text))
    for start, end, text in sorted(edits, reverse=True):
        source = source[:start] + text + source[end:]
    return source, problems


def main(argv: list[str]) -> int:
    check = "--check" in argv
    files = [Path(a) for a in argv if a != "--check"]
    status = 0
    for path in files:
        before = path.read_text(encoding="utf-8")
        after, problems = convert_source(before, str(path))
        for problem in problems:
            print(problem, file=sys.stderr)
            status = 1
        if after != before:
            ast.parse(after)  # never write a file that no longer parses
            changed = sum(
                a != b for a, b in zip(before.splitlines(), after.splitlines(), strict=False)
            )
            print(f"{path}: {changed} line(s) {'to convert' if check else 'converted'}")
            if check:
                status = 1
            else:
                path.write_text(after, encoding="utf-8")
    return status


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
