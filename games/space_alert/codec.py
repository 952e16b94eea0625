"""Actions as storage JSON and as the short text players type.

>>> CODEC.format(PlaceCard(12, 3, "action"))
'place 12 3 action'
>>> CODEC.parse("place 12 3 move on 3", None)
PlaceCard(card=12, slot=3, half='move', board=2)
>>> CODEC.parse("give 7 to 2", None)
GiveCard(card=7, to=1)
>>> CODEC.from_json(CODEC.to_json(LockIn()))
LockIn()
>>> CODEC.parse("repair red reactor", None)
RepairDamage(zone='red', tile='reactor')
>>> CODEC.parse("fly white mixed", None)
FlyAgain(normal='white', serious='mixed')
>>> CODEC.format(LeaveStoreEmpty("lower_red"))
'empty lower_red'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.base import InvalidActionError
from games.space_alert.actions import (
    Action,
    ClearSlot,
    DamageDrawn,
    FlightPrepared,
    FlyAgain,
    GiveCard,
    LeaveStoreEmpty,
    LockIn,
    PhaseOpened,
    PlaceCard,
    RepairBattlebots,
    RepairDamage,
    SkipRepair,
    StopCampaign,
)
from games.space_alert.missions import Schedule, Slot
from games.space_alert.ship import Zone


def _schedule_json(s: Schedule) -> dict[str, Any]:
    return {
        "id": s.id,
        "turns": s.turns,
        "slots": [
            [x.turn, None if x.zone is None else x.zone.key, x.serious, x.unconfirmed, x.phase]
            + ([x.second] if x.second else [])
            for x in s.slots
        ],
        "incoming_data": list(s.incoming_data),
        "data_transfers": list(s.data_transfers),
        "comms_down": list(s.comms_down),
    }


def _schedule(d: Mapping[str, Any]) -> Schedule:
    return Schedule(
        id=d["id"],
        turns=d["turns"],
        slots=tuple(
            # The announcement's second (official soundtracks) is optional in stored logs.
            Slot(t, None if z is None else Zone[z.upper()], s, u, p, int(*rest or [0]))
            for t, z, s, u, p, *rest in d["slots"]
        ),
        incoming_data=tuple(d["incoming_data"]),
        data_transfers=tuple(d["data_transfers"]),
        comms_down=tuple(d["comms_down"]),
    )


class SpaceAlertCodec:
    """The Codec protocol for Space Alert actions."""

    def to_json(self, action: Action) -> dict[str, Any]:
        """A JSON-compatible dict for storage."""
        if isinstance(action, PlaceCard):
            return {
                "type": "place",
                "card": action.card,
                "slot": action.slot,
                "half": action.half,
                "board": action.board,
            }
        if isinstance(action, ClearSlot):
            return {"type": "clear", "slot": action.slot, "board": action.board}
        if isinstance(action, GiveCard):
            return {"type": "give", "card": action.card, "to": action.to}
        if isinstance(action, LockIn):
            return {"type": "lock"}
        if isinstance(action, FlyAgain):
            return {"type": "fly", "normal": action.normal, "serious": action.serious}
        if isinstance(action, StopCampaign):
            return {"type": "stop"}
        if isinstance(action, RepairDamage):
            return {"type": "repair", "zone": action.zone, "tile": action.tile}
        if isinstance(action, RepairBattlebots):
            return {"type": "repair_bots"}
        if isinstance(action, SkipRepair):
            return {"type": "skip_repair"}
        if isinstance(action, LeaveStoreEmpty):
            return {"type": "empty_store", "station": action.station}
        if isinstance(action, FlightPrepared):
            return {
                "type": "flight_prepared",
                "tracks": list(action.tracks),
                "heroics": list(action.heroics),
                "schedule": None if action.schedule is None else _schedule_json(action.schedule),
            }
        if isinstance(action, PhaseOpened):
            return {
                "type": "phase_opened",
                "phase": action.phase,
                "threats": [list(t) for t in action.threats],
                "cards": [list(c) for c in action.cards],
            }
        if isinstance(action, DamageDrawn):
            return {"type": "damage_drawn", "orders": [list(o) for o in action.orders]}
        raise InvalidActionError("Not a Space Alert action: {action!r}.", action=action)

    def from_json(self, data: Mapping[str, Any]) -> Action:
        """The action stored as `data`."""
        try:
            kind = data["type"]
            if kind == "place":
                return PlaceCard(data["card"], data["slot"], data["half"], data.get("board"))
            if kind == "clear":
                return ClearSlot(data["slot"], data.get("board"))
            if kind == "give":
                return GiveCard(data["card"], data["to"])
            if kind == "lock":
                return LockIn()
            if kind == "fly":
                return FlyAgain(str(data["normal"]), str(data["serious"]))
            if kind == "stop":
                return StopCampaign()
            if kind == "repair":
                return RepairDamage(str(data["zone"]), str(data["tile"]))
            if kind == "repair_bots":
                return RepairBattlebots()
            if kind == "skip_repair":
                return SkipRepair()
            if kind == "empty_store":
                return LeaveStoreEmpty(str(data["station"]))
            if kind == "flight_prepared":
                sched = data["schedule"]
                t = data["tracks"]
                return FlightPrepared(
                    (t[0], t[1], t[2], t[3]),
                    tuple(data["heroics"]),
                    None if sched is None else _schedule(sched),
                )
            if kind == "phase_opened":
                return PhaseOpened(
                    data["phase"],
                    tuple((int(a), str(b)) for a, b in data["threats"]),
                    tuple(tuple(c) for c in data["cards"]),
                )
            if kind == "damage_drawn":
                o = [tuple(x) for x in data["orders"]]
                return DamageDrawn((o[0], o[1], o[2]))
        except (KeyError, TypeError, ValueError, IndexError) as err:
            raise InvalidActionError("Malformed Space Alert action: {error}.", error=err) from None
        raise InvalidActionError("Unknown Space Alert action type {kind!r}.", kind=data.get("type"))

    def parse(self, text: str, view: Any) -> Action:
        """Read 'place CARD SLOT action|move [on BOARD]', 'clear SLOT [on BOARD]',
        'give CARD to SEAT', 'lock' (boards and seats are numbered from 1); between campaign
        flights 'fly NORMAL [SERIOUS]', 'stop', 'repair ZONE TOKEN', 'repair bots', 'skip',
        'empty STORE'."""
        words = text.strip().lower().replace("#", "").split()
        try:
            board = None
            if "on" in words:
                at = words.index("on")
                board = int(words[at + 1]) - 1
                words = words[:at]
            if words[0] == "place" and len(words) == 4 and words[3] in ("action", "move"):
                return PlaceCard(int(words[1]), int(words[2]), words[3], board)
            if words[0] == "clear" and len(words) == 2:
                return ClearSlot(int(words[1]), board)
            if words[0] == "give" and len(words) == 4 and words[2] == "to":
                return GiveCard(int(words[1]), int(words[3]) - 1)
            if words == ["lock"]:
                return LockIn()
            if words[0] == "fly" and len(words) in (2, 3):
                return FlyAgain(words[1], words[-1])
            if words == ["stop"]:
                return StopCampaign()
            if words in (["repair", "bots"], ["repair", "battlebots"]):
                return RepairBattlebots()
            if words[0] == "repair" and len(words) == 3:
                return RepairDamage(words[1], words[2])
            if words == ["skip"]:
                return SkipRepair()
            if words[0] == "empty" and len(words) == 2:
                return LeaveStoreEmpty(words[1])
        except (ValueError, IndexError):
            pass
        raise InvalidActionError(
            "Try 'place 12 3 action', 'place 12 3 move on 4', 'clear 3', 'give 12 to 2' or 'lock'"
            " (between flights: 'fly white yellow', 'stop', 'repair red reactor', 'repair bots',"
            " 'skip', 'empty lower_red').",
            "unreadable",
        )

    def format(self, action: Action) -> str:
        """The text `parse` reads back."""
        if isinstance(action, PlaceCard):
            on = "" if action.board is None else f" on {action.board + 1}"
            return f"place {action.card} {action.slot} {action.half}{on}"
        if isinstance(action, ClearSlot):
            on = "" if action.board is None else f" on {action.board + 1}"
            return f"clear {action.slot}{on}"
        if isinstance(action, GiveCard):
            return f"give {action.card} to {action.to + 1}"
        if isinstance(action, LockIn):
            return "lock"
        if isinstance(action, FlyAgain):
            return f"fly {action.normal} {action.serious}"
        if isinstance(action, StopCampaign):
            return "stop"
        if isinstance(action, RepairDamage):
            return f"repair {action.zone} {action.tile}"
        if isinstance(action, RepairBattlebots):
            return "repair bots"
        if isinstance(action, SkipRepair):
            return "skip"
        if isinstance(action, LeaveStoreEmpty):
            return f"empty {action.station}"
        return str(self.to_json(action))


CODEC = SpaceAlertCodec()
