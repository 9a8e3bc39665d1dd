"""Liberty's message catalog in English: key -> ``str.format`` template (the rule number is not in the text:
``RuleError.rule`` carries it). ``messages_ja.py`` has the same keys with the same {fields}. Self-contained:
``event.<kind>`` says an event from its public data."""

from __future__ import annotations

EN: dict[str, str] = {
    # orders that cannot be read
    "order.role": "{role} is not a seat of this game (seats: {roles:list})",
    "order.unknown": "unknown order /{order}; known: {known:list}",
    "order.unit": "no block is called {unit}",
    "order.over": "the game is over",
    "order.end_not_now": "there is nothing to end now (phase {phase})",
    "place.unknown": "no hex, town or box is called {place} (a hex is written cc.rr, e.g. 21.08)",
    # cards (3.0-3.3)
    "card.not_now": "you cannot play a card now: one card a game turn, in the card phase",
    "card.not_in_hand": "{card} is not in your hand (your hand: {hand:list})",
    "supply.not_now": "it is not your supply card's turn",
    "supply.one_each": "a supply card gives at most 1 step to each block",
    "supply.too_many": "{n} steps asked, but your supply card gives {steps}",
    "supply.not_eligible": "{unit} cannot take a step: it must be below its maximum in a supply town, the "
    "Atlantic box or the West Indies (an Indian in its own town)",
    # actions (3.1, 3.2)
    "action.not_now": "it is not your action phase",
    "action.none_left": "you have no actions left this turn",
    "action.move_after_build": "moves come before builds: after a build you cannot move this turn",
    # movement (5.x)
    "move.no_units": "name the blocks to move (units:ID,ID)",
    "move.unit_twice": "a block is named twice",
    "move.not_yours": "{unit} is not one of your blocks on the map",
    "move.moved": "{unit} has already moved this turn",
    "move.one_group": "one action moves the blocks of one group: they must all stand in the same hex",
    "move.short": "the path must go at least one hex",
    "move.forced_not_here": "forced march cannot be combined with river movement, a retreat or a regroup",
    "move.not_adjacent": "{a} and {b} are not adjacent",
    "move.water": "land blocks cannot cross from {a} to {b}: it is water",
    "move.river": "a river move goes 1 or 2 hexes along one river or lake shore",
    "move.river_joined": "only blocks that joined the battle by river may go by river ({unit} did not)",
    "move.warship": "warships move by sea only (/sea)",
    "move.too_far": "{unit} may move {ma} hexes, not {steps}",
    "move.forced_needless": "{unit} does not need a forced march for this move",
    "move.must_stop": "{unit} must stop in {place} after crossing a forest or swamp hexside",
    "move.indian_wilderness": "{unit} is an Indian block: it enters only wilderness hexes and its own town "
    "({place} is neither)",
    "move.stop_and_fight": "blocks must stop and fight in {place}: it holds enemy blocks",
    "move.hexside_full": "the hexside {a}–{b} has carried {used} of your blocks (limit {limit}): {n} more do "
    "not fit",
    "move.weather": "the weather forbids attacks in or from the {region} this turn",
    "move.at_sea": "blocks in {place} move by sea (/sea)",
    "move.pinned": "{place} is under attack: only {free} of your blocks there may leave (the rest are pinned)"
    "",
    "move.pin_hexside": "unpinned blocks may not leave across the hexside the attackers used (to {place})",
    # sea (5.7, 8.4, 9.1)
    "sea.not_by_sea": "{unit} cannot move by sea (American and Indian blocks never do)",
    "sea.french_neutral": "{unit} is French: France has not entered the war",
    "sea.not_port": "{place} is not a port",
    "sea.no_link": "no sea move goes from {a} to {b}",
    "sea.unfriendly_from": "sea moves leave from a friendly port, and {place} is not one",
    "sea.wi_neutral": "before French entry {place} is closed to you",
    "sea.wi_full": "before French entry {place} holds at most {limit} blocks",
    "sea.no_warship": "a sea attack needs at least one warship",
    "sea.too_many": "a sea attack carries at most 3 land blocks, not {n}",
    "sea.reinforce": "a sea move cannot reinforce {place}, which is under attack (warships alone may)",
    "sea.combined": "a sea attack on {place} cannot be combined with another attack there",
    # builds (6.x)
    "build.empty": "your replacement pool is empty",
    "place.not_now": "there is no drawn block to place",
    "place.not_there": "the block cannot be placed in {place}; it may go to: {places:list}",
    # battles (7.x)
    "battle.not_order": "it is not your choice of the next battle",
    "battle.no_battle": "there is no battle to fight in {place} (battles: {battles:list})",
    "battle.not_your_turn": "it is not your combat turn",
    "battle.not_ready": "{unit} has no combat turn now (ready: {ready:list})",
    "retreat.one_unit": "a retreat names one block (unit:ID)",
    "retreat.hex": "a retreat enters only friendly or neutral hexes free of enemy blocks and battles, not "
    "{place}",
    "retreat.attacker_side": "the attacker retreats only across the hexsides it entered by (not to {place})",
    "retreat.defender_side": "the defender may not retreat across a hexside the attacker used (to {place})",
    "retreat.no_sea": "no sea retreat now: it needs a port and a friendly warship retreating this round",
    "regroup.not_now": "there is no regroup of yours now",
    "regroup.not_in_battle": "{unit} is not one of the victor's blocks still to regroup",
    "regroup.hex": "a regroup enters only friendly hexes free of enemy blocks, not {place}",
    "prefer.not_yours": "{unit} is not yours: name your own blocks, the first to take hits among equals",
    # winter (11.x)
    "disband.not_now": "it is not your disbanding",
    "disband.none": "name the blocks to disband (units:ID,ID), or /end",
    "disband.not_yours": "{unit} is not one of your blocks on the map",
    "disband.not_here": "{unit} cannot disband in {place}",
    "exchange.empty": "name the prisoners to exchange (give:IDS take:IDS)",
    "exchange.not_held": "{unit} is not a prisoner you hold",
    "exchange.not_captured": "{unit} is not one of your blocks the other side holds",
    "exchange.no_offer": "there is no exchange offer of the other side to answer",
    # events
    "event.dealt": "{year}: 5 cards dealt to each player",
    "event.card_played": "{side} has played a card face down",
    "event.cards_revealed": "cards: British {british}, American {american}; Player 1: {p1}",
    "event.weather": "weather ({roller} rolls {die}): {effect}",
    "event.moved": "{side} moves {n} block(s) along {path:list}",
    "event.sea_moved": "{side} moves {n} block(s) by sea from {from} to {to}",
    "event.built": "{side} builds a block in {at}",
    "event.battle": "battle in {at}: {attacker} attacks",
    "event.fired": "{unit} ({rating}) rolls {dice:list}: {hits} hit(s)",
    "event.captured": "{unit} is captured in {at}",
    "event.retreated": "{unit} retreats to {to}",
    "event.regrouped": "{unit} regroups to {to}",
    "event.battle_over": "the battle in {at} is over: victor {victor}",
    "event.victory_check": "winter {year}: the British hold {vp} victory points",
    "event.french_entry": "French entry roll {dice:list}: entered {entered}",
    "event.disbanded": "{side} disbands {n} block(s) in {at}",
    "event.exchange_offered": "{by} offers to return {give:list} for {take:list}",
    "event.exchange_answered": "{by} answers the exchange: accepted {accepted}",
    "event.game_over": "the game is over: {winner} wins ({reason})",
}
