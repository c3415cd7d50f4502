"""Messages a person reads, kept as keys + arguments and translated late (fr/en).

Texts are Project Fluent messages (https://projectfluent.org): a catalog entry
`{"heresy.move.to": {"fr": "{ $what } déplacé en { $to }", "en": …}}` becomes the Fluent
message `heresy-move-to` of the French and English bundles, rendered by `fluent.runtime`.
Selectors (`{ $n -> [one] … *[other] … }`), terms (`{ -imperium }`) and attributes (a
line `.form = elided` under the value) work as in any Fluent file. A `str.format`
template (`{name}`) is refused when registered; `scripts/fluent_convert.py` rewrites such a
catalog file (with `legacy_to_fluent`, kept here for it).

Grammar of names: a name's French article form (`elided` for "l'Imperium", `masculine`
for "le Traître", `plural` for "les Mille Fils"…) comes from the `.form` attribute of the
message that names it (or a `Name` returned by an argument resolver). A message may then
use, for an argument `seat`, `$seat_of` ("de l'Imperium", "du Traître"; "of the
Imperium"), `$seat_to` ("à l'Imperium", "au Traître"), `$seat_the` / `$seat_The` ("le
Traître" / "Le Traître"; "the Traitor" / "The Traitor") or select on `$seat_form`.
"""

from __future__ import annotations

import re
import string
from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any, NamedTuple, cast

from fluent.runtime import FluentBundle, FluentResource
from fluent.runtime.resolver import CurrentEnvironment, ResolverEnvironment
from fluent.runtime.types import FluentFloat, FluentInt, FluentNone, FluentType
from fluent.syntax import ast as ftl

LANGS = ("fr", "en")
_LOCALES = {"fr": "fr-FR", "en": "en-GB"}

# key -> {"fr": Fluent template, "en": Fluent template} (a message's value and attributes).
_CATALOG: dict[str, dict[str, str]] = {}

# namespace (first part of a key) -> (argument name, value, lang) -> text or None.
# Lets a game show content names (zones, cards…) for the ids its messages carry.
ArgResolver = Callable[[str, Any, str], str | None]
_RESOLVERS: dict[str, ArgResolver] = {}

_NO_ARGS: Mapping[str, Any] = MappingProxyType({})


class Msg(NamedTuple):
    """An i18n key with its arguments and, when a rule decided, the rule ID.

    A NamedTuple rather than a dataclass: games build thousands per second.
    """

    key: str
    args: Mapping[str, Any] = _NO_ARGS
    rule: str | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"key": self.key, "args": dict(self.args)}
        if self.rule:
            out["rule"] = self.rule
        return out


class Name(str):
    """A name with its grammatical form in one language (`elided`, `masculine`, `the`…)."""

    form: str

    def __new__(cls, text: str, form: str) -> Name:
        self = super().__new__(cls, text)
        self.form = form
        return self


# --- legacy str.format templates -> Fluent ---------------------------------------------

_FIELD = re.compile(r"[A-Za-z_]\w*")
_ATTRIBUTE_LINE = re.compile(r"^\s*\.[A-Za-z][\w-]*\s*=", re.MULTILINE)


def is_legacy(template: str) -> bool:
    """True when `template` is a `str.format` template rather than Fluent syntax.

    Fluent placeables start with `$`, `-`, `"`, a FUNCTION( or a message id inside spaced
    braces; a legacy field is `{name}` (maybe `{name:spec}`). A text without braces is
    both (it converts to itself unless it has leading spaces or special line starts).
    """
    if _ATTRIBUTE_LINE.search(template):
        return False
    try:
        fields = [f for _lit, f, _spec, _conv in string.Formatter().parse(template)]
    except ValueError:
        return False
    return all(f is None or _FIELD.fullmatch(f) for f in fields)


def _quote(text: str) -> str:
    """`text` as a Fluent string literal placeable."""
    body = "".join(
        "\\\\" if c == "\\" else '\\"' if c == '"' else c if c.isprintable() else f"\\u{ord(c):04X}"
        for c in text
    )
    return '{"' + body + '"}'


def _escape_text(text: str) -> str:
    return re.sub(r"[{}]", lambda m: _quote(m.group()), text)


def _escape_edges(pattern: str) -> str:
    """Protect what Fluent would trim or misread: edge blanks and special line starts."""
    lines = pattern.split("\n")
    out = []
    for i, line in enumerate(lines):
        lead = len(line) - len(line.lstrip(" \t"))
        if lead:
            line = _quote(line[:lead]) + line[lead:]
        elif i > 0 and line[:1] in ("[", "*", "."):
            line = _quote(line[0]) + line[1:]
        trail = len(line) - len(line.rstrip(" \t"))
        if trail:
            line = line[:-trail] + _quote(line[-trail:])
        out.append(line)
    return "\n".join(out)


def legacy_to_fluent(template: str) -> str:
    """The Fluent form of a `str.format` template (`{x}` -> `{ $x }`, `{{` -> `{"{"}`)."""
    if not is_legacy(template):
        return template
    return _escape_edges(legacy_body(template))


def legacy_body(template: str) -> str:
    """`legacy_to_fluent` without protecting the edge blanks (for a piece of a template)."""
    parts = []
    for literal, field, spec, conv in string.Formatter().parse(template):
        parts.append(_escape_text(literal))
        if field is None:
            continue
        if conv:
            raise ValueError(f"conversion !{conv} in {template!r} has no Fluent form")
        if spec:
            parts.append(f'{{ FORMAT(${field}, spec: "{spec}") }}')
        else:
            parts.append(f"{{ ${field} }}")
    return "".join(parts)


# --- Fluent bundles ------------------------------------------------------------------


class _Int(FluentInt):
    """An int argument shown as Python shows it (no locale grouping: "1234", not "1 234")."""

    def format(self, locale: Any) -> str:
        return int.__repr__(self)


class _Float(FluentFloat):
    def format(self, locale: Any) -> str:
        return float.__repr__(self)


def _format_fn(value: Any, spec: str = "") -> str:
    """FORMAT($x, spec: ".1f"): a number through a Python format spec (legacy `{x:.1f}`)."""
    if isinstance(value, FluentNone):
        return value.name or "???"
    raw = float(value) if isinstance(value, float) else value
    return format(int(raw) if isinstance(raw, int) else raw, spec)


def _fluent_id(key: str) -> str:
    return key.replace(".", "-")


class _Compiled(NamedTuple):
    pattern: Any  # fluent.runtime resolver Pattern, or None for an attribute-only message
    variables: frozenset[str]


def _new_bundle(lang: str) -> FluentBundle:
    return FluentBundle(
        [_LOCALES[lang]], functions={"FORMAT": cast(Any, _format_fn)}, use_isolating=False
    )


_BUNDLES: dict[str, FluentBundle] = {lang: _new_bundle(lang) for lang in LANGS}
_COMPILED: dict[tuple[str, str], _Compiled] = {}
_IDS: dict[str, str] = {}  # Fluent id -> key (to catch two keys mapped to one id)
# lang -> name text -> its grammatical form (from `.form` attributes)
_FORMS: dict[str, dict[str, str]] = {lang: {} for lang in LANGS}
_KEY_FORMS: dict[tuple[str, str], str] = {}  # (key, lang) -> the form of the name it gives
_FORM_ATTR = re.compile(r"^\s*\.form\s*=\s*(\w+)\s*$", re.MULTILINE)


def _fluent_source(fid: str, template: str) -> str:
    lines = template.split("\n")
    return f"{fid} = " + "\n".join([lines[0], *("    " + line for line in lines[1:])]) + "\n"


def _variables(node: Any, found: set[str]) -> set[str]:
    if isinstance(node, ftl.VariableReference):
        found.add(node.id.name)
    elif isinstance(node, ftl.BaseNode):
        for value in vars(node).values():
            for item in value if isinstance(value, list) else [value]:
                if isinstance(item, ftl.BaseNode):
                    _variables(item, found)
    return found


class FluentSyntaxError(ValueError):
    """A catalog template that is not valid Fluent."""


def _compile(key: str, lang: str) -> _Compiled:
    template = _CATALOG[key][lang]
    fid = _fluent_id(key)
    resource = FluentResource(_fluent_source(fid, template))
    entries = [e for e in resource.body if isinstance(e, ftl.Message | ftl.Term)]
    junk = [e for e in resource.body if isinstance(e, ftl.Junk)]
    if junk or len(entries) != 1:
        raise FluentSyntaxError(f"message {key!r} ({lang}) is not valid Fluent: {template!r}")
    bundle = _BUNDLES[lang]
    bundle.add_resource(resource, allow_overrides=True)
    bundle._compiled.pop(fid, None)
    message = bundle.get_message(fid)
    compiled = _Compiled(message.value, frozenset(_variables(entries[0], set())))
    _COMPILED[(key, lang)] = compiled
    return compiled


def compile_all() -> int:
    """Compile every message of the catalog now (≈ 0.2 ms each, ≈ 0.5 s for all): a
    long-running server pays it at start-up instead of in its first minutes of moves (a
    message is otherwise compiled the first time it is shown). Returns how many."""
    done = 0
    for key in list(_CATALOG):
        for lang in LANGS:
            if (key, lang) not in _COMPILED:
                _compile(key, lang)
                done += 1
    return done


_SCRATCH: dict[str, FluentBundle] = {}
_SCRATCH_PATTERNS: dict[tuple[str, str], Any] = {}


def render_fluent(template: str, args: Mapping[str, Any], lang: str = "fr") -> str:
    """A Fluent `template` rendered alone with `args` (no message or term references);
    raises ValueError on a syntax or reference error. For tools and tests."""
    bundle = _SCRATCH.get(lang) or _SCRATCH.setdefault(lang, _new_bundle(lang))
    pattern = _SCRATCH_PATTERNS.get((template, lang))
    if pattern is None:
        fid = f"scratch-{len(_SCRATCH_PATTERNS)}"
        resource = FluentResource(_fluent_source(fid, template))
        if len(resource.body) != 1 or not isinstance(resource.body[0], ftl.Message):
            raise FluentSyntaxError(f"not valid Fluent: {template!r}")
        bundle.add_resource(resource)
        pattern = bundle.get_message(fid).value
        _SCRATCH_PATTERNS[(template, lang)] = pattern
    errors: list[Exception] = []
    current = CurrentEnvironment(args={k: _fluent_arg(v) for k, v in args.items()})
    env = ResolverEnvironment(context=bundle, current=current, errors=errors)
    out = pattern(env) if pattern is not None else ""
    if errors:
        raise ValueError(f"{template!r}: {errors}")
    return str(out)


def add_messages(catalog: Mapping[str, Mapping[str, str]]) -> None:
    """Register messages; every key needs a French and an English text in Fluent syntax.

    A `str.format` template (`{seat}`) is refused, naming the key: every catalog is Fluent
    now, and `scripts/fluent_convert.py FILE` rewrites one that is not."""
    for key, texts in catalog.items():
        missing = [lang for lang in LANGS if lang not in texts]
        if missing:
            raise ValueError(f"message {key!r} lacks {missing}")
        fid = _fluent_id(key)
        other = _IDS.setdefault(fid, key)
        if other != key:
            raise ValueError(f"messages {key!r} and {other!r} map to one Fluent id {fid!r}")
        entry = {lang: texts[lang] for lang in LANGS}
        legacy = [lang for lang in LANGS if legacy_to_fluent(entry[lang]) != entry[lang]]
        if legacy:
            raise ValueError(
                f"message {key!r} ({', '.join(legacy)}) is a str.format template, not Fluent "
                "(`{ $name }`): run scripts/fluent_convert.py on its file"
            )
        _CATALOG[key] = entry
        for lang in LANGS:
            _COMPILED.pop((key, lang), None)
            form = _FORM_ATTR.search(entry[lang])
            if form is None:
                _KEY_FORMS.pop((key, lang), None)
                continue
            _KEY_FORMS[(key, lang)] = form.group(1)
            value = entry[lang].split("\n", 1)[0].strip()
            if "{" not in value:
                _FORMS[lang][value] = form.group(1)


def add_terms(terms: Mapping[str, Mapping[str, str]]) -> None:
    """Register Fluent terms (`{"imperium": {"fr": "Imperium\\n.form = elided", …}}`), which
    messages use as `{ -imperium }` or select on as `{ -imperium.form -> … }`."""
    for name, texts in terms.items():
        for lang in LANGS:
            resource = FluentResource(_fluent_source(f"-{name}", texts[lang]))
            if len(resource.body) != 1 or not isinstance(resource.body[0], ftl.Term):
                raise FluentSyntaxError(f"term {name!r} ({lang}) is not valid Fluent")
            bundle = _BUNDLES[lang]
            bundle.add_resource(resource, allow_overrides=True)
            bundle._compiled.pop(f"-{name}", None)


def add_arg_resolver(namespace: str, resolver: ArgResolver) -> None:
    """Render the arguments of the messages `namespace.*` through `resolver` first."""
    _RESOLVERS[namespace] = resolver


def has_message(key: str) -> bool:
    return key in _CATALOG


def catalog_keys() -> list[str]:
    return sorted(_CATALOG)


def template(key: str, lang: str) -> str:
    """The Fluent template of `key` in `lang`, as registered."""
    return _CATALOG[key][lang]


def form_of(text: str, lang: str) -> str:
    """The grammatical form of a name (`other` when it is not a known name)."""
    return getattr(text, "form", None) or _FORMS[lang].get(text, "other")


# Derived arguments `<arg>_<suffix>`: the name with its article or preposition, rendered by
# the message `engine.grammar.<suffix>` with `$name` and `$form` (see the catalog below).
_GRAMMAR = ("of", "to", "the", "The")
# French initials before which "de" elides ("d'Attrition", "d'Horus": the h of the names
# here is mute)
_ELIDING = frozenset("aâàeéèêëiîïoôuûùyh")


def _fluent_arg(value: Any) -> Any:
    if isinstance(value, str | FluentType):
        return value
    if isinstance(value, bool) or value is None:
        return str(value)
    if isinstance(value, int):
        return _Int(value)
    if isinstance(value, float):
        return _Float(value)
    return str(value)


def _render_arg(value: Any, lang: str) -> Any:
    if isinstance(value, Msg):
        return translate(value, lang)
    if isinstance(value, str) and value in _CATALOG:
        return translate(Msg(value), lang)
    return value


def _format(key: str, lang: str, args: Mapping[str, Any]) -> str:
    compiled = _COMPILED.get((key, lang)) or _compile(key, lang)
    if compiled.pattern is None:
        return ""
    fluent_args: dict[str, Any] = {}
    for name in compiled.variables:
        if name in args:
            fluent_args[name] = _fluent_arg(args[name])
            continue
        base, _, suffix = name.rpartition("_")
        if base in args and (suffix in _GRAMMAR or suffix == "form"):
            shown = str(args[base])
            form = form_of(args[base], lang)
            if form == "other" and lang == "fr" and shown[:1].lower() in _ELIDING:
                form = "vowel"  # a bare name that elides what comes before: "d'Attrition"
            fluent_args[name] = (
                form
                if suffix == "form"
                else _format(f"engine.grammar.{suffix}", lang, {"name": shown, "form": form})
            )
        else:
            fluent_args[name] = "{" + name + "}"  # missing: shown, not a failure
    errors: list[Exception] = []
    env = ResolverEnvironment(
        context=_BUNDLES[lang], current=CurrentEnvironment(args=fluent_args), errors=errors
    )
    try:
        result = compiled.pattern(env)
    except ValueError:
        return "{???}"
    return (result.name or "???") if isinstance(result, FluentNone) else str(result)


def translate(msg: Msg, lang: str = "fr") -> str:
    """The text of `msg` in `lang`; an argument that is itself a key is translated too."""
    if lang not in LANGS:
        raise ValueError(f"unknown language {lang!r}; expected one of {LANGS}")
    resolver = _RESOLVERS.get(msg.key.partition(".")[0])
    args: dict[str, Any] = {}
    for name, value in msg.args.items():
        shown = resolver(name, value, lang) if resolver is not None else None
        if shown is None:
            shown = _render_arg(value, lang)
            if isinstance(value, Msg | str) and isinstance(shown, str):
                key = value.key if isinstance(value, Msg) else value
                form = _KEY_FORMS.get((key, lang))
                if form is not None:
                    shown = Name(shown, form)
        args[name] = shown
    if msg.key not in _CATALOG:
        body = msg.key + (" " + repr(args) if args else "")
    else:
        body = _format(msg.key, lang, args)
    return f"{body} [{msg.rule}]" if msg.rule else body


add_messages(
    {
        "engine.illegal.unknown_key": {
            "fr": "Choix « { $key } » impossible ici : il n'est pas parmi les options proposées",
            "en": "Choice '{ $key }' is not possible here: it is not among the options offered",
        },
        "engine.illegal.game_over": {
            "fr": "La partie est terminée : plus aucun choix n'est attendu",
            "en": "The game is over: no choice is expected any more",
        },
        "engine.done": {"fr": "Terminé", "en": "Done"},
        # A name with its article or preposition, by its form (`$name`, `$form`).
        "engine.grammar.of": {
            "fr": """{ $form ->
    [elided] de l'{ $name }
    [masculine] du { $name }
    [feminine] de la { $name }
    [plural] des { $name }
    [vowel] d'{ $name }
   *[other] de { $name }
}""",
            "en": """{ $form ->
    [the] of the { $name }
    [plural] of the { $name }
   *[other] of { $name }
}""",
        },
        "engine.grammar.to": {
            "fr": """{ $form ->
    [elided] à l'{ $name }
    [masculine] au { $name }
    [feminine] à la { $name }
    [plural] aux { $name }
   *[other] à { $name }
}""",
            "en": """{ $form ->
    [the] to the { $name }
    [plural] to the { $name }
   *[other] to { $name }
}""",
        },
        "engine.grammar.the": {
            "fr": """{ $form ->
    [elided] l'{ $name }
    [masculine] le { $name }
    [feminine] la { $name }
    [plural] les { $name }
   *[other] { $name }
}""",
            "en": """{ $form ->
    [the] the { $name }
    [plural] the { $name }
   *[other] { $name }
}""",
        },
        "engine.grammar.The": {
            "fr": """{ $form ->
    [elided] L'{ $name }
    [masculine] Le { $name }
    [feminine] La { $name }
    [plural] Les { $name }
   *[other] { $name }
}""",
            "en": """{ $form ->
    [the] The { $name }
    [plural] The { $name }
   *[other] { $name }
}""",
        },
    }
)
