"""Option values read without Pydantic, with errors in the run's language.

Typer converts every option value through a Pydantic `TypeAdapter`: importing Pydantic and
building the adapters costs about 0.1 s per run, and a bad value gives Click's English
"Invalid value for '--seed'" whatever `--lang` says. `plain(command)` gives the simple
parameters of a command (str, int, float, bool, Path, a Literal, lists of those) a small
converter instead: `--seed abc` in a French run is `Erreur : --seed : « abc » n'est pas un
nombre entier`, one line on stderr, exit code 2 (`cli.usage`). `--lang` is read first (made
eager) so the error is in the language asked, wherever `--lang` stands on the line.

Parameters with other types or options (files, existing paths, clamps, parsers) keep Typer's
own conversion. The converter plugs into Typer's `_TyperParameter._runtime_param` (a private
attribute): if a Typer release renames it, `plain` does nothing and Typer converts as before
(tests/cli/test_options.py notices).
"""

from __future__ import annotations

import typing
from pathlib import Path
from typing import Any

from arbitre.cli.usage import usage_error

_TEXT: dict[str, dict[str, str]] = {
    "int": {
        "fr": "« {value} » n'est pas un nombre entier",
        "en": "'{value}' is not a whole number",
    },
    "float": {"fr": "« {value} » n'est pas un nombre", "en": "'{value}' is not a number"},
    "bool": {
        "fr": "« {value} » : attendu oui ou non (true, false)",
        "en": "'{value}': expected yes or no (true, false)",
    },
    "min": {"fr": "{value} : au moins {lo}", "en": "{value}: at least {lo}"},
    "max": {"fr": "{value} : au plus {hi}", "en": "{value}: at most {hi}"},
    "choice": {
        "fr": "« {value} » : valeurs possibles : {known}",
        "en": "'{value}': valid values: {known}",
    },
    "lang": {
        "fr": "langue inconnue « {value} » : fr ou en",
        "en": "unknown language '{value}': fr or en",
    },
}
_TRUE = ("true", "1", "yes", "y", "on", "t", "oui", "o")
_FALSE = ("false", "0", "no", "n", "off", "f", "non", "")
_SCALARS = (str, int, float, bool, Path)


def _lang(ctx: Any) -> str:
    lang = getattr(ctx, "params", {}).get("lang")
    return lang if lang in ("fr", "en") else "fr"


def _option_name(param: Any) -> str:
    opts = [o for o in getattr(param, "opts", ()) if o.startswith("--")]
    if opts and getattr(param, "param_type_name", "") == "option":
        return str(opts[0])
    return str(param.name or "?").upper()


class PlainValue:
    """Converts one parameter's text to its annotation; a refusal is one line, exit 2."""

    def __init__(self, annotation: Any, lo: float | None, hi: float | None) -> None:
        self.annotation = annotation
        self.lo = lo
        self.hi = hi

    def coerce(self, value: Any, param: Any, ctx: Any) -> Any:
        if value is None:
            return () if param.multiple or param.nargs == -1 else None
        if param.multiple or param.nargs == -1:
            (item_type,) = typing.get_args(self.annotation)
            return [self.one(item_type, v, param, ctx) for v in value]
        return self.one(self.annotation, value, param, ctx)

    def refuse(self, param: Any, ctx: Any, key: str, **args: Any) -> Exception:
        if param.name == "lang":  # the language itself is wrong: say it in both
            args["value"] = args.get("value")
            text = " / ".join(_TEXT["lang"][lang].format(**args) for lang in ("fr", "en"))
            return usage_error("fr", _option_name(param), text)
        lang = _lang(ctx)
        return usage_error(lang, _option_name(param), _TEXT[key][lang].format(**args))

    def one(self, kind: Any, value: Any, param: Any, ctx: Any) -> Any:
        if isinstance(value, bytes):
            value = value.decode("utf-8", "replace")
        if typing.get_origin(kind) is typing.Literal:
            if value not in typing.get_args(kind):
                known = ", ".join(str(v) for v in typing.get_args(kind))
                raise self.refuse(param, ctx, "choice", value=value, known=known)
            return value
        if kind is bool:
            if isinstance(value, bool):
                return value
            word = str(value).strip().lower()
            if word in _TRUE or word in _FALSE:
                return word in _TRUE
            raise self.refuse(param, ctx, "bool", value=value)
        if kind is int or kind is float:
            if isinstance(value, kind) and not isinstance(value, bool):
                number = value
            else:
                try:
                    number = kind(str(value).strip())
                except ValueError:
                    raise self.refuse(param, ctx, kind.__name__, value=value) from None
            if self.lo is not None and number < self.lo:
                raise self.refuse(param, ctx, "min", value=value, lo=self.lo)
            if self.hi is not None and number > self.hi:
                raise self.refuse(param, ctx, "max", value=value, hi=self.hi)
            return number
        if kind is Path:
            return value if isinstance(value, Path) else Path(value)
        return str(value)


def _simple(annotation: Any) -> bool:
    if annotation in _SCALARS:
        return True
    if typing.get_origin(annotation) is typing.Literal:
        return all(isinstance(v, str) for v in typing.get_args(annotation))
    return False


def _plain_value(param: Any) -> PlainValue | None:
    """The converter for `param`, or None when Typer's own conversion must stay."""
    descriptor = getattr(param, "type_descriptor", None)
    if descriptor is None or not hasattr(param, "_runtime_param"):
        return None
    info = descriptor.parameter_info
    annotation = descriptor.annotation
    if getattr(info, "parser", None) is not None or getattr(info, "clamp", False):
        return None
    if descriptor.file_annotation is not None:
        return None
    if getattr(info, "exists", False) or getattr(info, "resolve_path", False):
        return None
    if getattr(info, "allow_dash", False) or getattr(info, "path_type", None) is not None:
        return None
    multiple = param.multiple or param.nargs == -1
    if multiple:
        args = typing.get_args(annotation)
        if typing.get_origin(annotation) is not list or len(args) != 1 or not _simple(args[0]):
            return None
    elif not _simple(annotation) or param.nargs != 1:
        return None
    return PlainValue(annotation, info.min, info.max)


def plain(command: Any, ctx: Any) -> Any:
    """Give `command` (and its subcommands) the plain converters; returns `command`.

    `ctx` (the command's or its parent's context) names the help option, also converted."""
    if getattr(command, "_arbitre_plain", False):
        return command
    for param in command.get_params(ctx):
        converter = _plain_value(param)
        if converter is not None:
            param._runtime_param = converter
        if param.name == "lang":
            param.is_eager = True  # read first: errors of the other options use it
    for sub in getattr(command, "commands", {}).values():
        plain(sub, ctx)
    command._arbitre_plain = True
    return command
