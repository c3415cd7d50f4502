"""A greedy Epic player for either side (issue 6): simple, fast rules of thumb.

Orders: Charge when an enemy is within a double move and the stand fights well, Tir
Appuyé when its weapons already reach, else Avance; Interceptors Charge and make a zone
while enemy aircraft fly. Moves close in (a charge to contact, others to about two thirds
of their best weapon's range). In combat: assault first, then the shot at the nearest
target; always react, intercept and sacrifice for an HQ when offered.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from arbitre.engine.decision import Decision
from arbitre.engine.rng import Rng
from arbitre.engine.ruleset import AgentFactory
from arbitre.games.epic.state import EpicState
from arbitre.games.epic.transport import may_drop
from arbitre.games.epic.world import airborne, det_has, move_of

CHARGE_FA = 3


class EpicAI:
    def __init__(self, seed: int) -> None:
        self.rng = Rng.from_seed(seed)

    def choose(self, ruleset: Any, state: EpicState, decision: Decision) -> str:
        if state.stack and state.stack[-1].kind == "deploy":
            from arbitre.games.epic.ai_deploy import choose as deploy

            return deploy(state, decision)  # issue 16: a point "x,y" of the zone
        keys = decision.keys()
        pick = getattr(self, "_" + decision.kind.split(".")[-1], None)
        key = pick(state, decision, keys) if pick is not None else None
        return key if key in keys else keys[0]

    # --- orders -----------------------------------------------------------------------

    def _order(self, s: EpicState, d: Decision, keys: list[str]) -> str:
        did = next(
            x.did for x in s.dets if x.side == d.seat and x.order is None and s.present(x.did)
        )
        mine = s.alive(did)
        foes = [e for e in s.stands.values() if e.side != d.seat]
        if not foes:
            return "avance"
        if not mine:
            return "charge"  # aboard: leave the transport with a long move
        if det_has(s, did, "transport") and any(s.cargo(st.sid) for st in mine):
            # a transport Flyer lands its passengers on Tir Appuyé unless they can drop
            drop = all(may_drop(x) for st in mine for x in s.cargo(st.sid))
            return "avance" if drop or not det_has(s, did, "flyer") else "tir_appuye"
        if det_has(s, did, "flyer"):
            air = any(airborne(e) for e in foes)
            return "charge" if det_has(s, did, "interceptor") and air else "avance"
        lead = mine[0]
        near = (
            min(lead.point.to(e.point) for e in foes if not airborne(e))
            if any(not airborne(e) for e in foes)
            else 999.0
        )
        reach = max((w.range for st in mine for w in st.profile.weapons), default=0)
        if lead.profile.fa >= CHARGE_FA and near <= 2 * move_of(s, did) + 2:
            return "charge"
        if reach >= near:
            return "tir_appuye"
        return "avance"

    def _altitude(self, s: EpicState, d: Decision, keys: list[str]) -> str:
        return "alt:low" if "alt:low" in keys else keys[0]

    def _declare(self, s: EpicState, d: Decision, keys: list[str]) -> str:
        air = any(airborne(e) for e in s.stands.values() if e.side != d.seat)
        return "zone" if air else "assault"

    def _activate(self, s: EpicState, d: Decision, keys: list[str]) -> str:
        keys = [k for k in keys if not k.startswith("abandon:")] or keys
        return keys[self.rng.below(len(keys))]

    def _template(self, s: EpicState, d: Decision, keys: list[str]) -> str:
        return keys[0]  # the candidates come best first

    def _layer(self, s: EpicState, d: Decision, keys: list[str]) -> str:
        return "layer:air"

    def _elite(self, s: EpicState, d: Decision, keys: list[str]) -> str:
        return "elite:yes"

    def _bind(self, s: EpicState, d: Decision, keys: list[str]) -> str:
        return keys[0]  # the army list's host

    def _warlord(self, s: EpicState, d: Decision, keys: list[str]) -> str:
        return keys[-1]

    # --- moves ------------------------------------------------------------------------

    def _move(self, s: EpicState, d: Decision, keys: list[str]) -> str:
        f = s.stack[-1]
        did = f.data.get("det", -1)
        mine = s.alive(did) if did >= 0 else []
        foes = [e for e in s.stands.values() if e.side != d.seat]
        if not mine or not foes:
            return keys[0]
        lead = mine[0]
        charge = s.dets[did].order == "charge"
        reach = max((w.range for st in mine for w in st.profile.weapons), default=20)
        want = 0.0 if charge else 0.66 * reach
        best, score = keys[0], math.inf
        for opt in d.options:
            if not opt.key.startswith("p:"):
                continue  # ours: the greedy AI never embarks
            dx, dy = float(opt.text.args["dx"]), float(opt.text.args["dy"])
            x, y = lead.x + dx, lead.y + dy
            near = min(math.hypot(e.x - x, e.y - y) for e in foes)
            value = abs(near - want)
            if value < score:
                best, score = opt.key, value
        return best

    # --- combat -----------------------------------------------------------------------

    def _combat(self, s: EpicState, d: Decision, keys: list[str]) -> str:
        for prefix in ("assault:", "psy:", "fire:", "demolish:"):
            group = [k for k in keys if k.startswith(prefix)]
            if group:
                return group[0] if prefix != "fire:" else self._nearest(s, group)
        return keys[0]

    def _nearest(self, s: EpicState, keys: list[str]) -> str:
        def gap(k: str) -> float:
            _f, did, t = k.split(":")
            a, b = s.alive(int(did)), s.alive(int(t))
            return min(x.point.to(y.point) for x in a for y in b) if a and b else math.inf

        return min(keys, key=gap)

    def _react(self, s: EpicState, d: Decision, keys: list[str]) -> str:
        return next((k for k in keys if k != "pass"), "pass")

    def _intercept(self, s: EpicState, d: Decision, keys: list[str]) -> str:
        return next((k for k in keys if k != "pass"), "pass")

    def _hq(self, s: EpicState, d: Decision, keys: list[str]) -> str:
        return next((k for k in keys if k.startswith("sac:")), "keep")


def _factory(seed: int) -> EpicAI:
    return EpicAI(seed)


AGENTS: Mapping[str, AgentFactory] = {"ai": _factory}
