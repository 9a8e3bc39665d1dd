r"""The order of play's states (rule 7) and the attack's sequence (rule 11, its nine steps as the seed gives
them; rules 12 retreats, G35 the advance after a retreat before combat), with every transition and its rule.

The state is ``State.phase`` (``play`` / ``over``) and, while an attack is under way, ``Attack.step``;
``step_of`` reads them as one ``Step``. What each step asks — who acts, which orders — is ``table.py``.

    AUCTION --/bid (17, sealed)--> AUCTION --both bids in--> SETUP | ORDERS   (option balance)
    SETUP --/battery, /post (6)--> SETUP --/ready--> ORDERS        (option french_setup, or santon: 18)
    ORDERS --/attack (11.1 threat)--> DEFEND
    DEFEND --/give-ground (11.2)--> RETREAT --(12)--> ADVANCE --/advance (G35)--> ORDERS
           (nothing to retreat: RETREAT and ADVANCE at once; nobody to move in: ORDERS)
    DEFEND --/defend (11.2 + 11.4 sealed)--> FEINT
    FEINT --/feint (11.3)--> STEP_UP (defence from the reserve) | ORDERS
    FEINT --/press (11.3; 11.4 leaders shown, G7)--> LEAD
    LEAD --/lead (11.5; 11.6 IR)--> COUNTER (a legal counter-attack exists) | (11.8, 11.9) after combat
    COUNTER --/counter (11.7; 11.8 FR; 11.9 losses)--> after combat
    after combat: artillery led -> ORDERS; attacker won -> RETREAT -> ORDERS (the attackers advance, 12);
                  defender won -> STEP_UP (defence from the reserve) | ORDERS
    any -> OVER (an army demoralised, 13, G32; the last round ends, 16)
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Step(StrEnum):
    """Where the game stands between two orders."""

    AUCTION = "auction"  # 17 (optional): each army bids morale, sealed, before anything else (option balance)
    SETUP = "setup"  # 6 ([JW]): the French name the fixed battery and detach units (option french_setup)
    ORDERS = "orders"  # 7, 9, 10: the mover gives commands one by one
    DEFEND = "defend"  # 11.2 defend or give ground; with 11.4, the defence leaders, sealed (G7)
    FEINT = "feint"  # 11.3: the attacker feints or presses
    LEAD = "lead"  # 11.5: the attacker's orders, width and leaders (the defence leaders shown, G7)
    COUNTER = "counter"  # 11.7: the defender's counter-attack
    STEP_UP = "step-up"  # 11.3 after a feint, after combat (held defence): defenders onto the approach
    RETREAT = "retreat"  # 12: the defender's retreat destinations
    ADVANCE = "advance"  # G35: the attacker moves in after a retreat before combat
    OVER = "over"  # 13 demoralised, 16 the last round


@dataclass(frozen=True)
class Transition:
    src: tuple[Step, ...]
    dst: Step
    when: str
    rule: str


_S = Step
_FIGHT = (_S.DEFEND, _S.FEINT, _S.LEAD, _S.COUNTER, _S.STEP_UP, _S.RETREAT, _S.ADVANCE)
TRANSITIONS: tuple[Transition, ...] = (
    Transition((_S.AUCTION,), _S.AUCTION, "one army's sealed bid is in (/bid)", "17"),
    Transition(
        (_S.AUCTION,), _S.SETUP, "both bids are in: opened together; the French set-up follows", "17, 6"
    ),
    Transition(
        (_S.AUCTION,), _S.ORDERS, "both bids are in: opened together; the Allied turn begins", "17, 7"
    ),
    Transition((_S.SETUP,), _S.SETUP, "the French name the fixed battery or detach a unit", "6"),
    Transition((_S.SETUP,), _S.ORDERS, "the French are ready (/ready): the Allied turn begins", "6, 7"),
    Transition((_S.ORDERS,), _S.DEFEND, "the mover threatens an approach (/attack)", "11.1"),
    Transition((_S.DEFEND,), _S.RETREAT, "the defender gives ground (/give-ground)", "11.2, 12"),
    Transition(
        (_S.DEFEND,),
        _S.ADVANCE,
        "the defender gives ground with no unit left to retreat or nowhere to go: the retreat is at once",
        "11.2, 12, G35",
    ),
    Transition(
        (_S.DEFEND, _S.RETREAT),
        _S.ORDERS,
        "the defender retreated before combat and no force can move in: the attack ends",
        "12, G35",
    ),
    Transition(
        (_S.DEFEND,), _S.FEINT, "the defender names its defending units and leaders (/defend)", "11.2, 11.4"
    ),
    Transition((_S.FEINT,), _S.STEP_UP, "a feint against a defence from the reserve (/feint)", "11.3"),
    Transition((_S.FEINT,), _S.ORDERS, "a feint against blockers (/feint)", "11.3"),
    Transition(
        (_S.FEINT,), _S.LEAD, "the attacker presses; the defence leaders are shown (/press)", "11.3, G7"
    ),
    Transition(
        (_S.LEAD,), _S.COUNTER, "the attack is led and a legal counter-attack exists (/lead)", "11.5-11.7"
    ),
    Transition((_S.LEAD, _S.COUNTER), _S.RETREAT, "the attacker wins (/lead, /counter)", "11.8, 11.9, 12"),
    Transition((_S.LEAD, _S.COUNTER), _S.STEP_UP, "the defender holds a defence from the reserve", "11.9"),
    Transition(
        (_S.LEAD, _S.COUNTER),
        _S.ORDERS,
        "artillery led; the defender holds on the approach; or it loses with nothing left to retreat",
        "11.9, 12",
    ),
    Transition(
        (_S.STEP_UP,), _S.ORDERS, "the defenders step onto the approach (/step-up)", "11.3, 11.9, G24"
    ),
    Transition((_S.RETREAT,), _S.ADVANCE, "the defender retreated before combat (/retreat)", "12, G35"),
    Transition((_S.RETREAT,), _S.ORDERS, "the defender retreated; the attackers advance (/retreat)", "12"),
    Transition((_S.ADVANCE,), _S.ORDERS, "the attacker moves in (/advance)", "G35"),
    Transition((_S.ORDERS,), _S.ORDERS, "a command, or the end of a turn (/end)", "7, 9, 10"),
    Transition(
        (_S.ORDERS, *_FIGHT), _S.OVER, "an army is demoralised, or the last round ends", "13, 16, G32"
    ),
)
