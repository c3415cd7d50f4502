"""The protocol every game implements, its result type and the refusal it raises."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

from arbitre.engine.decision import Decision
from arbitre.engine.i18n import Msg, add_messages
from arbitre.engine.rng import Rng

Config = Mapping[str, Any]
S = TypeVar("S")


class IllegalChoice(ValueError):
    """A choice the rules refuse. `msg` names the rule; the state was left untouched."""

    def __init__(self, msg: Msg) -> None:
        super().__init__(f"{msg.key} {dict(msg.args)} [{msg.rule or '-'}]")
        self.msg = msg


class ConfigError(ValueError):
    """A bad configuration value; the message names the field.

    `msg`, when given, is the same refusal in both languages (the engine's checks of
    declared options set it; a game's own checks may leave it None).
    """

    def __init__(self, text: str, msg: Msg | None = None) -> None:
        super().__init__(text)
        self.msg = msg


@dataclass(frozen=True, slots=True)
class Result:
    """How a game ended: a score per seat (1 win, 0 loss, 0.5 draw) and a summary."""

    scores: tuple[float, ...]
    summary: Msg
    details: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {
            "scores": list(self.scores),
            "summary": self.summary.to_json(),
            "details": dict(self.details),
        }


class Ruleset(Protocol[S]):
    """A game. `apply` runs until the next Decision; chance lives in the state's RNG.

    Optional hooks, looked up with `getattr` (a game without them still works):

    - `why_not(state, decision, key) -> Msg | None`: the reason `key` is not an option of
      `decision` now — a Msg carrying `rule=` the rule ID that forbids it, reading as a
      sentence a player understands ("(5,5): no troop of your side to activate there");
      None when there is nothing specific to say. Called on a state determinized for
      the seat that asks (`determinize`), never on the true state, so it may read the
      whole state it is given. It must not change that state.
    - `why_key(state, decision, key) -> str`: the option key a clicked board element
      ("cell:3,4", "unit:7") stands for in `decision` ("act:3,4"); the key unchanged when
      it stands for nothing else.

    `arbitre.engine.why.explain` calls both; the web app's "why not?" uses it.

    - `seat_title(config, seat) -> Msg | None`: the seat `seat` (its id) named for the game
      `config` describes (Epic: a side named by its army, issue 16); None to keep the
      seat's usual name (the server's `live.seat_label`, the terminal's `seat_label`).
    """

    id: str
    version: str

    def seats(self, config: Config) -> tuple[str, ...]: ...

    def new(self, config: Config, seed: int) -> S: ...

    def decision(self, state: S) -> Decision | None: ...

    def apply(self, state: S, key: str) -> None: ...

    def result(self, state: S) -> Result | None: ...

    def view(self, state: S, seat: int | None) -> dict[str, Any]: ...

    def clone(self, state: S) -> S: ...

    def determinize(self, state: S, seat: int, rng: Rng) -> S: ...

    def events(self, state: S) -> Sequence[Msg]: ...

    def snapshot(self, state: S) -> Any: ...

    def options_schema(self) -> Sequence[ConfigOption]: ...

    def rule_ids(self) -> Sequence[str]: ...

    def agents(self) -> Mapping[str, AgentFactory]: ...


VALUE_TYPES = ("bool", "int", "float", "str", "list")


@dataclass(frozen=True, slots=True)
class ConfigOption:
    """One documented configuration key, its default, its choices and the rule it settles.

    The engine checks every value against this declaration (`config_values.check_value`),
    for the CLI, the web and `Ruleset.new` alike. All fields are plain JSON-able values.

    - `value_type`: "bool", "int", "float", "str" or "list" (of strings). Left "", it is
      inferred from the choices, the default, then `lo`/`hi` ("str" when nothing says).
      A "float" option also takes an int; an "int" option takes neither a float nor a bool.
    - `lo`, `hi`: inclusive bounds of an "int" or "float" option without choices (every
      such option has both: no value may make a computation explode).
    - `max_items`: the most items a "list" option holds; `items`: the values its items
      may take (None: any short text).
    - `resource`: a named resource kind of `arbitre.engine.library` ("heresy.content",
      "champs.battlefield"): over the web the value is one of the installed names, never a
      path; the CLI and Python may still give a path.
    - The value None is allowed when the default is None or None is among the choices.
    - `label`: the option's short name for a person (the lobby's form); `help` says more.
    - `group`: "" for the few options a new player sets (shown at once in the lobby), else
      the name of the folded "advanced" section it belongs to (`<game>.optgroup.<group>`).
    - `value_labels`: (value, name) pairs naming values in words: choices, the items of a
      "list" option, and None where it has a meaning of its own ("the battlefield's").
    """

    key: str
    default: Any
    choices: tuple[Any, ...] | None
    rule: str
    help: Msg
    value_type: str = ""
    lo: int | float | None = None
    hi: int | float | None = None
    max_items: int | None = None
    items: tuple[str, ...] | None = None
    resource: str | None = None
    label: Msg | None = None
    group: str = ""
    value_labels: tuple[tuple[Any, Msg], ...] = ()

    def __post_init__(self) -> None:
        if not self.value_type:
            object.__setattr__(self, "value_type", _infer_type(self))
        if self.value_type not in VALUE_TYPES:
            raise ValueError(f"option {self.key!r}: unknown value_type {self.value_type!r}")
        if (self.lo is None) != (self.hi is None) or (
            self.lo is not None and self.hi is not None and self.lo > self.hi
        ):
            raise ValueError(f"option {self.key!r}: needs both bounds, lo <= hi")

    @property
    def nullable(self) -> bool:
        """Whether None (`none` on the command line) is an allowed value."""
        return self.default is None or (self.choices is not None and None in self.choices)

    def limits(self) -> dict[str, Any]:
        """The declared type and limits as plain JSON (no translated text)."""
        return {
            "type": self.value_type,
            "nullable": self.nullable,
            "lo": self.lo,
            "hi": self.hi,
            "max_items": self.max_items,
            "items": None if self.items is None else list(self.items),
            "resource": self.resource,
        }


def _infer_type(option: ConfigOption) -> str:
    samples = [c for c in option.choices or () if c is not None]
    if option.default is not None:
        samples.append(option.default)
    for value in samples:
        if isinstance(value, bool):
            return "bool"
        if isinstance(value, int):
            return "int"
        if isinstance(value, float):
            return "float"
        if isinstance(value, list | tuple):
            return "list"
        if isinstance(value, str):
            return "str"
    if isinstance(option.lo, float) or isinstance(option.hi, float):
        return "float"
    if option.lo is not None:
        return "int"
    return "list" if option.max_items is not None or option.items is not None else "str"


# An option's words for a person: (label in French, in English, group, {value: (fr, en)}).
OptionWords = tuple[str, str, str, Mapping[Any, tuple[str, str]]]


def _value_key(value: Any) -> str:
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def option_texts_of(
    game: str, groups: Mapping[str, tuple[str, str]], words: Mapping[str, OptionWords]
) -> Callable[[str], dict[str, Any]]:
    """Register a game's option words (`<game>.opt.<key>`, `<game>.opt.<key>.v.<value>`,
    `<game>.optgroup.<group>`) and return `texts(key)`: the `ConfigOption` fields `label`,
    `group` and `value_labels` of that option (none for an option without words)."""
    catalog: dict[str, dict[str, str]] = {}
    for group, (fr, en) in groups.items():
        catalog[f"{game}.optgroup.{group}"] = {"fr": fr, "en": en}
    for key, (fr, en, group, values) in words.items():
        if group and group not in groups:
            raise ValueError(f"option {key!r}: unknown group {group!r}")
        catalog[f"{game}.opt.{key}"] = {"fr": fr, "en": en}
        for value, (vfr, ven) in values.items():
            catalog[f"{game}.opt.{key}.v.{_value_key(value)}"] = {"fr": vfr, "en": ven}
    add_messages(catalog)

    def texts(key: str) -> dict[str, Any]:
        found = words.get(key)
        if found is None:
            return {}
        values = found[3]
        return {
            "label": Msg(f"{game}.opt.{key}"),
            "group": found[2],
            "value_labels": tuple((v, Msg(f"{game}.opt.{key}.v.{_value_key(v)}")) for v in values),
        }

    return texts


class Agent(Protocol):
    """Anything that answers decisions: a person at a prompt, a random player, an AI."""

    def choose(self, ruleset: Any, state: Any, decision: Decision) -> str: ...


class AgentFactory(Protocol):
    def __call__(self, seed: int) -> Agent: ...
