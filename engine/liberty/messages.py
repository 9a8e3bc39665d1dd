"""Liberty's message catalog in English: key -> ``str.format`` template (the rule number is not in the text:
``RuleError.rule`` carries it). ``messages_ja.py`` has the same keys with the same {fields}. Self-contained,
and every key starts with ``liberty.`` so that a front end may merge it with other catalogs;
``liberty.event.<kind>`` says an event from its public data."""

from __future__ import annotations

EN: dict[str, str] = {
    # orders that cannot be read
    "liberty.order.role": "{role} is not a seat of this game (seats: {roles:list})",
    "liberty.order.unknown": "unknown order /{order}; known: {known:list}",
    "liberty.order.unit": "no block is called {unit}",
    "liberty.order.over": "the game is over",
    "liberty.order.end_not_now": "there is nothing to end now (phase {phase})",
    "liberty.place.unknown": "no hex, town or box is called {place} (a hex is written cc.rr, e.g. 21.08)",
    # cards (3.0-3.3)
    "liberty.card.not_now": "you cannot play a card now: one card a game turn, in the card phase",
    "liberty.card.not_in_hand": "{card} is not in your hand (your hand: {hand:list})",
    "liberty.supply.not_now": "it is not your supply card's turn",
    "liberty.supply.one_each": "a supply card gives at most 1 step to each block",
    "liberty.supply.too_many": "{n} steps asked, but your supply card gives {steps}",
    "liberty.supply.not_eligible": "{unit} cannot take a step: it must be below its maximum in a supply town,"
    " the "
    "Atlantic box or the West Indies (an Indian in its own town)",
    # actions (3.1, 3.2)
    "liberty.action.not_now": "it is not your action phase",
    "liberty.action.none_left": "you have no actions left this turn",
    "liberty.action.move_after_build": "moves come before builds: after a build you cannot move this turn",
    # movement (5.x)
    "liberty.move.no_units": "name the blocks to move (units:ID,ID)",
    "liberty.move.unit_twice": "a block is named twice",
    "liberty.move.not_yours": "{unit} is not one of your blocks on the map",
    "liberty.move.moved": "{unit} has already moved this turn",
    "liberty.move.one_group": "one action moves the blocks of one group: they must all stand in the same hex",
    "liberty.move.short": "the path must go at least one hex",
    "liberty.move.forced_not_here": "forced march cannot be combined with river movement, a retreat or a "
    "regroup",
    "liberty.move.not_adjacent": "{a} and {b} are not adjacent",
    "liberty.move.water": "land blocks cannot cross from {a} to {b}: it is water",
    "liberty.move.river": "a river move goes 1 or 2 hexes along one river or lake shore",
    "liberty.move.river_joined": "only blocks that joined the battle by river may go by river ({unit} did "
    "not)",
    "liberty.move.warship": "warships move on the map by their own rule (8.1): move them without land blocks",
    "liberty.move.mixed": "warships and land blocks move separately on the map (8.1)",
    "liberty.move.land_hexside": "warships cannot cross the land hexside {a}–{b}",
    "liberty.move.warship_far": "warships move 2 hexes on the map (3 by forced march), not {steps}",
    "liberty.move.warship_port": "a warship must end its move in a port, and {place} is not one",
    "liberty.move.too_far": "{unit} may move {ma} hexes, not {steps}",
    "liberty.move.forced_needless": "{unit} does not need a forced march for this move",
    "liberty.move.must_stop": "{unit} must stop in {place} after crossing a forest or swamp hexside",
    "liberty.move.indian_wilderness": "{unit} is an Indian block: it enters only wilderness hexes and its "
    "own town "
    "({place} is neither)",
    "liberty.move.stop_and_fight": "blocks must stop and fight in {place}: it holds enemy blocks",
    "liberty.move.hexside_full": "the hexside {a}–{b} has carried {used} of your blocks (limit {limit}): {n} "
    "more do "
    "not fit",
    "liberty.move.weather": "the weather forbids attacks in or from the {region} this turn",
    "liberty.move.also_group": "also:yes moves more of the group your last action moved, and {place} is not "
    "its hex",
    "liberty.move.at_sea": "blocks in {place} move by sea (/sea)",
    "liberty.move.pinned": "{place} is under attack: only {free} of your blocks there may leave (the rest "
    "are pinned)"
    "",
    "liberty.move.pin_hexside": "unpinned blocks may not leave across the hexside the attackers used (to "
    "{place})",
    # sea (5.7, 8.4, 9.1)
    "liberty.sea.not_by_sea": "{unit} cannot move by sea (American and Indian blocks never do)",
    "liberty.sea.french_neutral": "{unit} is French: France has not entered the war",
    "liberty.sea.not_port": "{place} is not a port",
    "liberty.sea.no_link": "no sea move goes from {a} to {b}",
    "liberty.sea.unfriendly_from": "sea moves leave from a friendly port, and {place} is not one",
    "liberty.sea.wi_neutral": "before French entry {place} is closed to you",
    "liberty.sea.wi_full": "before French entry {place} holds at most {limit} blocks",
    "liberty.sea.no_warship": "a sea attack needs at least one warship",
    "liberty.sea.too_many": "a sea attack carries at most 3 land blocks, not {n}",
    "liberty.sea.reinforce": "a sea move cannot reinforce {place}, which is under attack (warships alone may)"
    "",
    "liberty.sea.combined": "a sea attack on {place} cannot be combined with another attack there",
    # builds (6.x)
    "liberty.build.empty": "your replacement pool is empty",
    "liberty.place.not_now": "there is no drawn block to place",
    "liberty.place.not_there": "the block cannot be placed in {place}; it may go to: {places:list}",
    # battles (7.x)
    "liberty.battle.not_order": "it is not your choice of the next battle",
    "liberty.battle.no_battle": "there is no battle to fight in {place} (battles: {battles:list})",
    "liberty.battle.not_your_turn": "it is not your combat turn",
    "liberty.battle.not_ready": "{unit} has no combat turn now (ready: {ready:list})",
    "liberty.retreat.one_unit": "a retreat names one block (unit:ID)",
    "liberty.retreat.hex": "a retreat enters only friendly or neutral hexes free of enemy blocks and battles,"
    " not "
    "{place}",
    "liberty.retreat.attacker_side": "the attacker retreats only across the hexsides it entered by (not to "
    "{place})",
    "liberty.retreat.defender_side": "the defender may not retreat across a hexside the attacker used (to "
    "{place})",
    "liberty.retreat.no_sea": "no sea retreat now: it needs a port and a friendly warship retreating this "
    "round",
    "liberty.regroup.not_now": "there is no regroup of yours now",
    "liberty.regroup.not_in_battle": "{unit} is not one of the victor's blocks still to regroup",
    "liberty.regroup.hex": "a regroup enters only friendly hexes free of enemy blocks, not {place}",
    "liberty.prefer.not_yours": "{unit} is not yours: name your own blocks, the first to take hits among "
    "equals",
    # winter (11.x)
    "liberty.disband.not_now": "it is not your disbanding",
    "liberty.disband.none": "name the blocks to disband (units:ID,ID), or /end",
    "liberty.disband.not_yours": "{unit} is not one of your blocks on the map",
    "liberty.disband.not_here": "{unit} cannot disband in {place}",
    "liberty.exchange.empty": "name the prisoners to exchange (give:IDS take:IDS)",
    "liberty.exchange.not_held": "{unit} is not a prisoner you hold",
    "liberty.exchange.not_captured": "{unit} is not one of your blocks the other side holds",
    "liberty.exchange.no_offer": "there is no exchange offer of the other side to answer",
    # events
    "liberty.event.setup": "the 1775 set-up: {year}",
    "liberty.event.hand": "{side} holds {cards} cards",
    "liberty.event.turn": "{year}, game turn {turn}",
    "liberty.event.actions": "{side}: {actions} action(s)",
    "liberty.event.actions_done": "{side} has finished its actions",
    "liberty.event.supplied": "{side} adds {steps} step(s) with a supply card of {card}",
    "liberty.event.forced_march": "{side}: forced-march roll {die}, step lost {lost}",
    "liberty.event.drawn": "{side} draws a block and places it",
    "liberty.event.build_returned": "{side}'s drawn block has nowhere to go: back to the pool",
    "liberty.event.round": "battle in {at}: round {round}",
    "liberty.event.reserves_revealed": "battle in {at}: the reserves are revealed",
    "liberty.event.sea_repulsed": "{unit} is driven back to the Atlantic box",
    "liberty.event.winter": "the winter of {year}",
    "liberty.event.attrition_done": "winter attrition of {year} done",
    "liberty.event.dealt": "{year}: {cards} cards dealt to each player",
    "liberty.event.card_played": "{side} has played a card face down",
    "liberty.event.cards_revealed": "cards: British {british}, American {american}; Player 1: {p1}",
    "liberty.event.weather": "weather ({roller} rolls {die}): {effect}",
    "liberty.event.moved": "{side} moves {n} block(s) along {path:list}",
    "liberty.event.sea_moved": "{side} moves {n} block(s) by sea from {from} to {to}",
    "liberty.event.built": "{side} builds a block in {at}",
    "liberty.event.battle": "battle in {at}: {attacker} attacks",
    "liberty.event.fired": "{unit} ({rating}) rolls {dice:list}: {hits} hit(s)",
    "liberty.event.captured": "{unit} is captured in {at}",
    "liberty.event.retreated": "a {side} block retreats from {at} to {to}",
    "liberty.event.regrouped": "{unit} regroups from {at} to {to}",
    "liberty.event.battle_over": "the battle in {at} is over: victor {victor}",
    "liberty.event.victory_check": "winter {year}: the British hold {vp} victory points",
    "liberty.event.french_entry": "French entry roll {dice:list}: entered {entered}",
    "liberty.event.disbanded": "{side} disbands {n} block(s) in {at}",
    "liberty.event.exchange_offered": "{by} offers to return {give:list} for {take:list}",
    "liberty.event.exchange_answered": "{by} answers the exchange: accepted {accepted}",
    "liberty.event.game_over": "the game is over: {winner} wins ({reason})",
}
