"""The engines' equivalent mutants, found by mutation testing each engine's rules and state
(`python3 tasks.py mutate game/engine/...`): (module, the line the mutant removes, the
line it puts in its place) -> why no test can tell them apart. tools/mutate.py adds them
to its EQUIVALENT and compares the lines as it does there, without their spaces."""

from __future__ import annotations

SMALL_INTS = (
    "`is` for `==` on ints that CPython keeps a single object of (-5 to 256), and these "
    "never leave that range"
)
BOOLS = "`is` for `==` between two bools: True and False are single objects"
PHASE_ORDER = (
    "the phases are 'roll', 'shut' and 'over', and on them this comparison of texts holds "
    "exactly when the original does"
)

_S = "game/engine/shutbox/state.py"
_SHUTBOX_STATE = [
    (
        "record.score == turn_score(ALL_DOORS - record.doors_shut)",
        "record.score == turn_score(ALL_DOORS ^ record.doors_shut)",
        "the doors shut were each read within 1..9, so they are a subset of ALL_DOORS and ^ is -",
    ),
    ("return self.phase == OVER", "return self.phase <= OVER", PHASE_ORDER),
    ("and played[-1] == record.score,", "and played[-1] is record.score,", SMALL_INTS + " (0..50)"),
    (
        "not state.shut_since_roll or state.phase != SHUT,",
        "not state.shut_since_roll or state.phase < SHUT,",
        PHASE_ORDER,
    ),
    (
        'doors.check(len(record.doors_shut) == len(doors.value), "a door is listed twice")',
        'doors.check(len(record.doors_shut) is len(doors.value), "a door is listed twice")',
        SMALL_INTS + " (0..9)",
    ),
    (
        'doors.check(len(record.doors_shut) == len(doors.value), "a door is listed twice")',
        'doors.check(len(record.doors_shut) >= len(doors.value), "a door is listed twice")',
        "the set of a list's items is never longer than the list",
    ),
    (
        'r.check(len(doors) == len(r.value), "a door is listed twice")',
        'r.check(len(doors) is len(r.value), "a door is listed twice")',
        SMALL_INTS + " (0..9)",
    ),
    (
        'r.check(len(doors) == len(r.value), "a door is listed twice")',
        'r.check(len(doors) >= len(r.value), "a door is listed twice")',
        "the set of a list's items is never longer than the list",
    ),
    (
        "if not 0 <= self.current < len(self.players):",
        "if not 0 <= self.current is not len(self.players):",
        SMALL_INTS + " (seats 0..4)",
    ),
    (
        "return [i for i, total in enumerate(self.totals()) if total == best]",
        "return [i for i, total in enumerate(self.totals()) if total >= best]",
        "best is the maximum of the totals: none is above it",
    ),
    (
        "return [i for i, total in enumerate(self.totals()) if total == best]",
        "return [i for i, total in enumerate(self.totals()) if total is best]",
        SMALL_INTS + " (totals 0..250)",
    ),
    (
        "if len(player.turn_scores) != played:",
        "if len(player.turn_scores) is not played:",
        SMALL_INTS + " (0..5)",
    ),
    (
        "return self.phase == SHUT and door in self.open_doors",
        "return self.phase >= SHUT and door in self.open_doors",
        PHASE_ORDER,
    ),
    ("and record.turn == len(played)", "and record.turn is len(played)", SMALL_INTS + " (0..5)"),
    (
        "played = self.turn_number - (seat >= self.current and self.phase != OVER)",
        "played = self.turn_number - (seat >= self.current and self.phase > OVER)",
        PHASE_ORDER,
    ),
    (
        "if who == len(self.players) - 1 and self.turn_number == TURNS_PER_PLAYER:",
        "if who is len(self.players) - 1 and self.turn_number == TURNS_PER_PLAYER:",
        SMALL_INTS + " (seats 0..3)",
    ),
    (
        "if who == len(self.players) - 1 and self.turn_number == TURNS_PER_PLAYER:",
        "if who == len(self.players) - 1 and self.turn_number is TURNS_PER_PLAYER:",
        SMALL_INTS + " (turns 1..5)",
    ),
    (
        "if who == len(self.players) - 1 and self.turn_number == TURNS_PER_PLAYER:",
        "if who == len(self.players) - 1 and self.turn_number >= TURNS_PER_PLAYER:",
        "the constructor keeps the turn number within 1..TURNS_PER_PLAYER",
    ),
    (
        "if who == len(self.players) - 1 and self.turn_number == TURNS_PER_PLAYER:",
        "if who >= len(self.players) - 1 and self.turn_number == TURNS_PER_PLAYER:",
        "the constructor keeps the current seat below the number of players",
    ),
    (
        "return sum(1 for score in self.turn_scores if score == PERFECT_TURN)",
        "return sum(1 for score in self.turn_scores if score is PERFECT_TURN)",
        SMALL_INTS + " (0..50)",
    ),
    (
        "return sum(1 for score in self.turn_scores if score == PERFECT_TURN)",
        "return sum(1 for score in self.turn_scores if score >= PERFECT_TURN)",
        "the constructor refuses a turn score above PERFECT_TURN",
    ),
    ("record.player == last_seat", "record.player is last_seat", SMALL_INTS + " (seats 0..3)"),
    (
        'r.key("game").value == "shutbox" and r.key("version").value == SCHEMA_VERSION,',
        'r.key("game").value == "shutbox" and r.key("version").value is SCHEMA_VERSION,',
        SMALL_INTS + "; a version outside it is refused either way",
    ),
    (
        "record.score == turn_score(ALL_DOORS - record.doors_shut)",
        "record.score is turn_score(ALL_DOORS - record.doors_shut)",
        SMALL_INTS + " (0..50)",
    ),
    (
        "and record.box_shut == (record.doors_shut == ALL_DOORS),",
        "and record.box_shut == (record.doors_shut >= ALL_DOORS),",
        "the doors shut are a subset of ALL_DOORS, so containing it is being it",
    ),
    (
        "and record.box_shut == (record.doors_shut == ALL_DOORS),",
        "and record.box_shut is (record.doors_shut == ALL_DOORS),",
        BOOLS,
    ),
    (
        "if self.phase == SHUT and not SHUT_MASKS[to_mask(self.open_doors)].get(self.roll_total):",
        "if self.phase >= SHUT and not SHUT_MASKS[to_mask(self.open_doors)].get(self.roll_total):",
        PHASE_ORDER,
    ),
    ("if self.phase != SHUT:", "if self.phase < SHUT:", PHASE_ORDER),
    ("if self.phase == SHUT:", "if self.phase >= SHUT:", PHASE_ORDER),
    (
        "return ALL_DOORS - self.open_doors",
        "return ALL_DOORS ^ self.open_doors",
        "the open doors are a subset of ALL_DOORS (the constructor refuses others), so ^ is -",
    ),
    (
        "extendable = any(chosen_mask & ~shut == 0 for shut in shuts)",
        "extendable = any(chosen_mask & ~shut <= 0 for shut in shuts)",
        "a mask (never negative) & anything is never negative",
    ),
    (
        "self.open_doors = self.open_doors - doors",
        "self.open_doors = self.open_doors ^ doors",
        "a legal shut's doors are all open, so ^ is -",
    ),
    (
        "return SelectionCheck(chosen, total, target, valid, valid and total == target, extendable)",
        "return SelectionCheck(chosen, total, target, valid, valid and total is target, extendable)",
        SMALL_INTS + " (sums of doors, 0..45)",
    ),
    (
        "if self.current == 0:",
        "if self.current <= 0:",
        "the seat after another is (who + 1) % players, never negative",
    ),
]

EQUIVALENT: dict[tuple[str, str, str], str] = {
    (_S, removed, added): why for removed, added, why in _SHUTBOX_STATE
}

_M = "game/engine/mille/rules.py"
MILLE_PHASES = (
    "this branch is reached only in the phases left after the ones tested before it, and "
    "among those the comparison of texts holds exactly when the original does"
)
_MILLE_RULES = [
    (
        "MAX_POINTS = 10_000_000",
        "MAX_POINTS = 9999999",
        "a bound on saved scores far past any game: one ends at the first hand past its target "
        "(at most 100,000), and a hand scores at most 5,100",
    ),
    (
        "_km_cache: tuple[int, int] = field(default=(0, 0), init=False, repr=False, compare=False)",
        "_km_cache: tuple[int, int] = field(default=( -1, 0), init=False, repr=False, compare=False)",
        "a cache: a count that matches no pile only makes the first reading sum the cards",
    ),
    (
        'len(observation.hand) == observation.hand_sizes[seat], "the hand and its size disagree"',
        'len(observation.hand) is observation.hand_sizes[seat], "the hand and its size disagree"',
        SMALL_INTS + " (0..7)",
    ),
    (
        "elif category == REMEDY:",
        "elif category is REMEDY:",
        "CATEGORY holds the engine's own constants, so the texts are the same objects",
    ),
    ("if self.phase == DEAL:", "if self.phase <= DEAL:", MILLE_PHASES + " (deal, game_over)"),
    (
        "if km == self.target:",
        "if km >= self.target:",
        "no distance play takes a side past the target (it is not legal)",
    ),
    (
        "and self.target == SHORT_TARGET",
        "and self.target >= SHORT_TARGET",
        "the target is 700 or 1000, and 1000 at a table with the extension means it was called "
        "(extended_by is then set, which the line before requires to be None)",
    ),
    (
        "while tableau.battle and tableau.battle[-1] == STOP:",
        "while tableau.battle and tableau.battle[-1] >= STOP:",
        "no battle pile card sorts after 'stop' ('spare_tire' < 'stop')",
    ),
    ("while between != seat:", "while between is not seat:", SMALL_INTS + " (seats 0..5)"),
    (
        "dealt = self.hand_number > 0",
        "dealt = self.hand_number != 0",
        "hand_number is read within 0..MAX_HANDS and only ever counts up",
    ),
    (
        "seat == self.turn_seat and bool(self.hands[seat]),",
        "seat is self.turn_seat and bool(self.hands[seat]),",
        SMALL_INTS + " (seats 0..5)",
    ),
    (
        "and self.tableaux[self.side_of(seat)].km == self.target == SHORT_TARGET,",
        "and self.tableaux[self.side_of(seat)].km == self.target <= SHORT_TARGET,",
        "the target is 700 or 1000: never below 700",
    ),
    (
        "and self.tableaux[self.side_of(seat)].km == self.target == SHORT_TARGET,",
        "and self.tableaux[self.side_of(seat)].km == self.target >= SHORT_TARGET,",
        "a target of 1000 has extended_by set or a four-player table, both refused by the same "
        "check before this term",
    ),
    (
        'if event.kind == "draw" and event.data.get("seat") != seat:',
        'if event.kind == "draw" and event.data.get("seat") is not seat:',
        SMALL_INTS + " (seats 0..5)",
    ),
    (
        'return Event("draw", {k: v for k, v in event.data.items() if k != "card"})',
        'return Event("draw", {k: v for k, v in event.data.items() if k is not "card"})',
        "the keys are the engine's own literals, the same objects as this one",
    ),
    (
        'r.check((reason == "trip") == (completed_by is not None), "a trip without its side")',
        'r.check((reason == "trip") is (completed_by is not None), "a trip without its side")',
        BOOLS,
    ),
    (
        'r.check((reason == "trip") == (completed_by is not None), "a trip without its side")',
        'r.check((reason >= "trip") == (completed_by is not None), "a trip without its side")',
        "the reason was read as 'trip' or 'exhausted', and 'exhausted' < 'trip'",
    ),
    (
        'sheet.check(sheet.key("side").as_int(0, sides - 1) == index, "sides out of order")',
        'sheet.check(sheet.key("side").as_int(0, sides - 1) is index, "sides out of order")',
        SMALL_INTS + " (sides 0..2)",
    ),
]
# Found by the whole run of issue 30 (the ones before were found by samples).
HAND_LIMIT = "HAND_SIZE is 6 (0b110): + 1, | 1 and ^ 1 all give the same 7"
CATEGORIES = "CATEGORY holds the engine's own constants, so the texts are the same objects"
_MILLE_RULES += [
    (
        "LIMITED_MAX_KM = 50  # under a Speed Limit only 25 and 50 may be played",
        "LIMITED_MAX_KM = 51  # under a Speed Limit only 25 and 50 may be played",
        "no distance card lies between 50 and 75 km: the same cards are allowed",
    ),
    (
        "MAX_POINTS = 10_000_000",
        "MAX_POINTS = 10000001",
        "a bound on saved scores far past any game: one ends at the first hand past its target "
        "(at most 100,000), and a hand scores at most 5,100",
    ),
    (
        "if count != len(self.distance):",
        "if count is not len(self.distance):",
        SMALL_INTS + " (0..46)",
    ),
    (
        "len(set(tableau.coups_fourres)) == len(tableau.coups_fourres)",
        "len(set(tableau.coups_fourres)) is len(tableau.coups_fourres)",
        SMALL_INTS + " (0..4)",
    ),
    (
        "elif card == END_OF_LIMIT:",
        "elif card <= END_OF_LIMIT:",
        (
            "reached by the remedies but Roll: end_of_limit, gasoline, repairs and spare_tire, and "
            "only end_of_limit does not sort after 'end_of_limit'"
        ),
    ),
    (
        "if other != side and self.hazard_allowed(card, other):",
        "if other is not side and self.hazard_allowed(card, other):",
        SMALL_INTS + " (sides 0..2)",
    ),
    (
        "if moment and action.verb == PLAY_CARD and CATEGORY[action.card] == HAZARD:",
        "if moment and action.verb == PLAY_CARD and CATEGORY[action.card] is HAZARD:",
        CATEGORIES,
    ),
    (
        "if moment and action.verb == PLAY_CARD and CATEGORY[action.card] == HAZARD:",
        "if moment and action.verb == PLAY_CARD and CATEGORY[action.card] <= HAZARD:",
        "only 'distance' sorts before 'hazard', and _play treats a distance card alike with or "
        "without moment=True (the moment is only a hazard's)",
    ),
    (
        "self.hands[(self.first_seat + offset) % players].append(deck.pop())",
        "self.hands[(self.first_seat + offset) - players].append(deck.pop())",
        "(first_seat + offset) - players is -players..players-2: a negative index counts from "
        "the end, the same seat as % players",
    ),
    ("elif category == SAFETY:", "elif category is SAFETY:", CATEGORIES),
    (
        "assert category == HAZARD and side != own_side",
        "assert category >= HAZARD and side != own_side",
        "the last branch: only a hazard is left, so the category is 'hazard'",
    ),
    (
        "assert category == HAZARD and side != own_side",
        "assert category <= HAZARD and side != own_side",
        "the last branch: only a hazard is left, so the category is 'hazard'",
    ),
    (
        "assert category == HAZARD and side != own_side",
        "assert category is HAZARD and side != own_side",
        CATEGORIES,
    ),
    (
        "if tableau.speed and tableau.speed[-1] == SPEED_LIMIT:",
        "if tableau.speed and tableau.speed[-1] >= SPEED_LIMIT:",
        "the speed pile holds only speed_limit and end_of_limit, and 'end_of_limit' < "
        "'speed_limit'",
    ),
    (
        '"tie": len(self.winners) > 1,',
        '"tie": len(self.winners) != 1,',
        "the side with the best score is always among the winners: never none",
    ),
    (
        "def observation(self, seat: int, *, answered: bool = False) -> Observation:",
        "def observation(self, seat: int, /, answered: bool = False) -> Observation:",
        "answered may be given by position too, and every caller names it anyway",
    ),
    (
        "private = self.phase == COUP_FOURRE and (seat != self.to_act or answered)",
        "private = self.phase <= COUP_FOURRE and (seat != self.to_act or answered)",
        "'coup_fourre' sorts before every other phase (deal, extension, game_over, play)",
    ),
    (
        "type(schema.value) is int and schema.value == SCHEMA_VERSION,",
        "type(schema.value) is int and schema.value is SCHEMA_VERSION,",
        SMALL_INTS + ", and the value is an int by then; a schema outside it is refused either way",
    ),
    (
        "phase == COUP_FOURRE and self.pending is not None and self.pending.seat is None",
        "phase <= COUP_FOURRE and self.pending is not None and self.pending.seat is None",
        "'coup_fourre' sorts before every other phase (deal, extension, game_over, play)",
    ),
    (
        "(seat is None) == (phase in (DEAL, GAME_OVER) or nobody_asked),",
        "(seat is None) is (phase in (DEAL, GAME_OVER) or nobody_asked),",
        BOOLS,
    ),
    (
        "(self.pending is None) == (phase != COUP_FOURRE),",
        "(self.pending is None) is (phase != COUP_FOURRE),",
        BOOLS,
    ),
    (
        "(self.pending is None) == (phase != COUP_FOURRE),",
        "(self.pending is None) == (phase > COUP_FOURRE),",
        "'coup_fourre' sorts before every other phase (deal, extension, game_over, play)",
    ),
    (
        "and self.side_of(p.attacker) != p.side",
        "and self.side_of(p.attacker) is not p.side",
        SMALL_INTS + " (sides 0..2)",
    ),
    (
        "and p.attacker == self.turn_seat",
        "and p.attacker is self.turn_seat",
        SMALL_INTS + " (seats 0..5)",
    ),
    (
        "and self.tableaux[self.side_of(seat)].km == self.target == SHORT_TARGET,",
        "and self.tableaux[self.side_of(seat)].km >= self.target == SHORT_TARGET,",
        "no side is past the target: the check just before refuses it",
    ),
    (
        'return Event("draw", {k: v for k, v in event.data.items() if k != "card"})',
        'return Event("draw", {k: v for k, v in event.data.items() if k > "card"})',
        "a draw's other keys, 'draw_pile' and 'seat', both sort after 'card'",
    ),
]
PHASE_AFTER = "'play' sorts after every other phase (coup_fourre, deal, extension, game_over)"
PHASE_FIRST = "'coup_fourre' sorts before every other phase (deal, extension, game_over, play)"
SPEED_PILE = (
    "the speed pile holds only speed_limit and end_of_limit, and 'end_of_limit' < 'speed_limit'"
)
_MILLE_RULES += [
    (
        "if top == STOP:",
        "if top >= STOP:",
        "no battle pile card sorts after 'stop' (Roll was taken just before)",
    ),
    (
        'r.check(len(set(tableau.safeties)) == len(tableau.safeties), "a safety is laid twice")',
        'r.check(len(set(tableau.safeties)) is len(tableau.safeties), "a safety is laid twice")',
        SMALL_INTS + " (0..4)",
    ),
    (
        "len(set(tableau.coups_fourres)) == len(tableau.coups_fourres)",
        "len(set(tableau.coups_fourres)) >= len(tableau.coups_fourres)",
        "the set of a list's items is never longer than the list",
    ),
    (
        'require(observation.side == seat % sides, "a seat on another side")',
        'require(observation.side is seat % sides, "a seat on another side")',
        SMALL_INTS + " (sides 0..2)",
    ),
    (
        "return [s for s in range(self.options.sides) if s != side]",
        "return [s for s in range(self.options.sides) if s is not side]",
        SMALL_INTS + " (sides 0..2)",
    ),
    (
        "return not tableau.speed or tableau.speed[-1] == END_OF_LIMIT",
        "return not tableau.speed or tableau.speed[-1] <= END_OF_LIMIT",
        SPEED_PILE,
    ),
    (
        "no_more_200 = tableau.two_hundreds >= MAX_200S",
        "no_more_200 = tableau.two_hundreds == MAX_200S",
        "a side never has more than two 200s (not legal, and refused in a saved game)",
    ),
    (
        "elif category == REMEDY:",
        "elif category >= REMEDY:",
        "in _add_plays only remedies and hazards reach it (safeties are taken before), and "
        "'hazard' < 'remedy'; in _play safeties come after it, and tests kill it there",
    ),
    ("if self.phase == PLAY:", "if self.phase >= PLAY:", PHASE_AFTER),
    ("*,", "/,", "apply's moment may be given by position too, and every caller names it"),
    (
        "assert category == HAZARD and side != own_side",
        "assert category == HAZARD or side != own_side",
        "the last branch: only a hazard is left, so the assertion holds either way",
    ),
    (
        "side.as_int(-1, MAX_SIDES - 1),",
        "side.as_int(-1, MAX_SIDES ^ 1),",
        "MAX_SIDES is 3 (0b11): 3 - 1 and 3 ^ 1 are both 2",
    ),
    ("if phase == COUP_FOURRE:", "if phase <= COUP_FOURRE:", PHASE_FIRST),
    (
        "type(schema.value) is int and schema.value == SCHEMA_VERSION,",
        "type(schema.value) == int and schema.value == SCHEMA_VERSION,",
        "a type is == to another only when it is the same object",
    ),
    (
        "if card == RIGHT_OF_WAY:",
        "if card >= RIGHT_OF_WAY:",
        "the card is a safety, and 'right_of_way' sorts after the other three (driving_ace, "
        "extra_tank, puncture_proof)",
    ),
    (
        "and self.target == SHORT_TARGET",
        "or self.target == SHORT_TARGET",
        "a 700 km trip is only a table's with the extension that has not called it (checked "
        "in a saved game): the terms before hold whenever this one does",
    ),
    (
        "all(t.km < self.target for t in self.tableaux),",
        "all(t.km != self.target for t in self.tableaux),",
        "no side is past the target: the check just before refuses it",
    ),
]
for _read in (
    'hand=tuple(_read_cards(r.key("hand"), KIND_BY_ID, HAND_SIZE + 1)),',
    'h.as_int(0, HAND_SIZE + 1) for h in r.key("hand_sizes").as_list(seats, seats)',
    "_read_cards(h, KIND_BY_ID, HAND_SIZE + 1)",
):
    for _op in ("|", "^"):
        _MILLE_RULES.append(
            (_read, _read.replace("HAND_SIZE + 1", f"HAND_SIZE {_op} 1"), HAND_LIMIT)
        )
EQUIVALENT.update({(_M, removed, added): why for removed, added, why in _MILLE_RULES})

_L = "game/engine/lucie/rules.py"
LOW_BITS = (
    "s * 16 has its low four bits clear and a rank is 1..13 (< 16), so |, ^ and + give the "
    "same card"
)
_LUCIE_RULES = []
for _expr, _where in [
    (
        "s * 16 + r for s in range(4) for r in range(1, 14)",
        "ALL_CARDS: tuple[int, ...] = tuple({})",
    ),
    ("SUITS.index(card.suit) * 16 + card.rank", "return {}"),
    ("card_text(s * 16 + r) for s, r in enumerate(self.foundations) if r", "tops = [{}]"),
    ("s * 16 + r in seen", "if {}:"),
    ("s * 16 + r", 'f"{{card_text({})}} is both in a fan and on its foundation"'),
    ("s * 16 + r", "seen.add({})"),
    ("s * 16 + r not in present", "absent = [r for r in range(1, 14) if {}]"),
]:
    for _op in ("|", "^"):
        _LUCIE_RULES.append(
            (
                _where.format(_expr),
                _where.format(_expr.replace(" * 16 + ", f" * 16 {_op} ")),
                LOW_BITS,
            )
        )
_LUCIE_RULES += [
    (
        "if fan and fan[-1] == target:",
        "if fan and fan[-1] is target:",
        SMALL_INTS + " (cards 1..61)",
    ),
    (
        "if fan and fan[-1] == following:",
        "if fan and fan[-1] is following:",
        SMALL_INTS + " (cards 1..61)",
    ),
    ("top = i == len(fan) - 1", "top = i >= len(fan) - 1", "an index is never past the fan's end"),
    ("top = i == len(fan) - 1", "top = i is len(fan) - 1", SMALL_INTS + " (indices 0..51)"),
    (
        "on_top = i == len(position.fans[f]) - 1",
        "on_top = i >= len(position.fans[f]) - 1",
        "an index is never past the fan's end",
    ),
    (
        "on_top = i == len(position.fans[f]) - 1",
        "on_top = i is len(position.fans[f]) - 1",
        SMALL_INTS + " (indices 0..51)",
    ),
    (
        '"foundation" if place == -1 else "tableau",',
        '"foundation" if place is -1 else "tableau",',
        SMALL_INTS + " (-1 and fan indices)",
    ),
    (
        '"foundation" if place == -1 else "tableau",',
        '"foundation" if place <= -1 else "tableau",',
        "a place is -1 (home) or a fan index, never below -1",
    ),
    (
        "None if place == -1 else place,",
        "None if place is -1 else place,",
        SMALL_INTS + " (-1 and fan indices)",
    ),
    (
        "None if place == -1 else place,",
        "None if place <= -1 else place,",
        "a place is -1 (home) or a fan index, never below -1",
    ),
    ("if place == -1:", "if place is -1:", SMALL_INTS + " (-1 and fan indices)"),
    ("if place == -1:", "if place <= -1:", "a place is -1 (home) or a fan index, never below -1"),
    (
        "return self.cards_home == DECK_SIZE",
        "return self.cards_home >= DECK_SIZE",
        "check() keeps every card once: never more than 52 home",
    ),
    (
        "return self.cards_home == DECK_SIZE",
        "return self.cards_home is DECK_SIZE",
        SMALL_INTS + " (0..52)",
    ),
    (
        "if self.foundations[code >> 4] == (code & 15) - 1:",
        "if self.foundations[code >> 4] >= (code & 15) - 1:",
        "only cards in the fans are asked about, and a card in a fan ranks above its suit's top",
    ),
    (
        "if self.foundations[code >> 4] == (code & 15) - 1:",
        "if self.foundations[code >> 4] is (code & 15) - 1:",
        SMALL_INTS + " (ranks 0..13)",
    ),
    (
        "return self.is_won or (self.redeals_left == 0 and not self.has_moves())",
        "return self.is_won or (self.redeals_left <= 0 and not self.has_moves())",
        "check() keeps redeals_left within 0..2",
    ),
    (
        "if position.redeals_left <= 0:",
        "if position.redeals_left == 0:",
        "check() keeps redeals_left within 0..2",
    ),
    (
        "after = Position(fans_in_threes(cards), position.foundations, left, left == 0)",
        "after = Position(fans_in_threes(cards), position.foundations, left, left <= 0)",
        "left is redeals_left - 1 with redeals_left 1 or 2: never below 0",
    ),
    (
        "left = position.redeals_left - 1",
        "left = position.redeals_left >> 1",
        "redeals_left is 1 or 2 here (0 returned above), and 1 >> 1 = 0, 2 >> 1 = 1",
    ),
    (
        "while following & 15 <= KING:",
        "while following & 14 <= KING:",
        "on ranks 1..14 both hold up to 13 and fail at 14; and past a king no card can follow "
        "(the loop's for/else ends it)",
    ),
    (
        "while following & 15 <= KING:",
        "while following >> 15 <= KING:",
        "past a king, following is no card and the for/else ends the loop all the same",
    ),
    (
        "while following & 15 <= KING:",
        "while following // 15 <= KING:",
        "past a king, following is no card and the for/else ends the loop all the same",
    ),
    (
        "while following & 15 <= KING:",
        "while following / 15 <= KING:",
        "past a king, following is no card and the for/else ends the loop all the same",
    ),
    (
        "if len(set(listed)) != len(listed):",
        "if len(set(listed)) < len(listed):",
        "the set of a list's items is never longer than the list",
    ),
    (
        "if len(set(listed)) != len(listed):",
        "if len(set(listed)) is not len(listed):",
        SMALL_INTS + " (0..52)",
    ),
    (
        'version.check(version.value == JSON_VERSION, "not a known La Belle Lucie position")',
        'version.check(version.value is JSON_VERSION, "not a known La Belle Lucie position")',
        SMALL_INTS + "; a version outside it is refused either way",
    ),
    (
        'line = raw.split("#", 1)[0].strip()',
        'line = raw.split("#", 2)[0].strip()',
        "only the text before the first # is kept either way",
    ),
    (
        "for r in range(1, top + 1):",
        "for r in range( 0, top + 1):",
        "rank 0 (s * 16) is no card: marking it seen changes no check",
    ),
    (
        "for s in range(4):",
        "for s in range( 5):",
        "a fifth suit has no cards, so it reads as all home, and only the first four tops are "
        "returned",
    ),
    (
        "if absent != list(range(1, len(absent) + 1)):",
        "if absent > list(range(1, len(absent) + 1)):",
        "absent is rising and starts at 1 or more, so it is never below the run from 1",
    ),
]
EQUIVALENT.update({(_L, removed, added): why for removed, added, why in _LUCIE_RULES})

_F = "game/engine/farkle/rules.py"
FARKLE_PHASES = (
    "the phases are 'start', 'rolled' and 'over' ('over' < 'rolled' < 'start'); here this "
    "comparison of texts holds exactly when the original does, or the other branch gives "
    "the same answer"
)
FIFTIES = "every score and turn total is a multiple of 50 (a saved game is refused otherwise)"
_FARKLE_RULES = [
    (
        "MAX_TURNS = 1_000_000",
        "MAX_TURNS = 1000001",
        "a bound on saved turn numbers far past any game's length",
    ),
    (
        "MAX_TURNS = 1_000_000",
        "MAX_TURNS = 999999",
        "a bound on saved turn numbers far past any game's length",
    ),
    (
        "if self.min_bank_scope == UNTIL_ON_BOARD and score > 0:",
        "if self.min_bank_scope == UNTIL_ON_BOARD and score != 0:",
        "a score is never negative",
    ),
    (
        "if self.min_bank_scope == UNTIL_ON_BOARD and score > 0:",
        "if self.min_bank_scope == UNTIL_ON_BOARD and score > 1:",
        FIFTIES,
    ),
    (
        "if self.min_bank_scope == UNTIL_ON_BOARD and score > 0:",
        "if self.min_bank_scope >= UNTIL_ON_BOARD and score > 0:",
        "the scopes are 'every_turn' and 'until_on_board', and 'every_turn' < 'until_on_board'",
    ),
    (
        "return self.kind != NONE",
        "return self.kind < NONE",
        "the seat kinds are 'computer', 'human' and 'none': only 'none' is not below 'none'",
    ),
    (
        "return max((self.scores[s] for s in self.active if s != self.seat), default=0)",
        "return max((self.scores[s] for s in self.active if s is not self.seat), default=0)",
        SMALL_INTS + " (seats 0..3)",
    ),
    (
        "return max((self.scores[s] for s in self.active_seats if s != self.current), default=0)",
        "return max((self.scores[s] for s in self.active_seats if s is not self.current), default=0)",
        SMALL_INTS + " (seats 0..3)",
    ),
    ("return self.phase == OVER", "return self.phase <= OVER", FARKLE_PHASES),
    (
        "need = max(need, self.leader_score - self.scores[self.current] + 1)",
        "need = max(need, self.leader_score - self.scores[self.current] ^ 1)",
        FIFTIES + ": the gap is even, and an even number + 1 is the same as ^ 1",
    ),
    (
        "need = max(need, self.leader_score - self.scores[self.current] + 1)",
        "need = max(need, self.leader_score - self.scores[self.current] | 1)",
        FIFTIES + ": the gap is even, and an even number + 1 is the same as | 1",
    ),
]
for _line in ("if self.phase != ROLLED or not held:",):
    for _new in (
        "if self.phase > ROLLED or not held:",
        "if self.phase < ROLLED or not held:",
        "if self.phase != ROLLED and not held:",
    ):
        _FARKLE_RULES.append(
            (
                _line,
                _new,
                FARKLE_PHASES + " (outside 'rolled' the table "
                "holds no dice, so no hold is valid anyway)",
            )
        )
_HELD = "if len(set(held)) != len(held) or not all(0 <= i < len(self.roll) for i in held):"
_FARKLE_RULES += [
    (
        _HELD,
        _HELD.replace("len(set(held)) !=", "len(set(held)) <"),
        "the set of a list's items is never longer than the list",
    ),
    (_HELD, _HELD.replace("len(set(held)) !=", "len(set(held)) is not"), SMALL_INTS + " (0..6)"),
    (
        "return score([self.roll[i] for i in held]) > 0",
        "return score([self.roll[i] for i in held]) != 0",
        "a score is never negative",
    ),
    (
        "return score([self.roll[i] for i in held]) > 0",
        "return score([self.roll[i] for i in held]) > 1",
        FIFTIES,
    ),
    (
        "if score([self.roll[i] for i in held]) > 0",
        "if score([self.roll[i] for i in held]) != 0",
        "a score is never negative",
    ),
    (
        "if score([self.roll[i] for i in held]) > 0",
        "if score([self.roll[i] for i in held]) > 1",
        FIFTIES,
    ),
    ("if self.phase != ROLLED:", "if self.phase < ROLLED:", FARKLE_PHASES),
    ("if self.phase != ROLLED:", "if self.phase > ROLLED:", FARKLE_PHASES),
    (
        "for size in range(1, len(self.roll) + 1)",
        "for size in range(1, len(self.roll) << 1)",
        "no hold has more dice than the roll: the larger sizes have no combinations",
    ),
    (
        "for size in range(1, len(self.roll) + 1)",
        "for size in range(1, len(self.roll) + 2)",
        "no hold has more dice than the roll: the larger sizes have no combinations",
    ),
    (
        "for size in range(1, len(self.roll) + 1)",
        "for size in range( 0, len(self.roll) + 1)",
        "the empty hold scores nothing and is filtered out",
    ),
    ("if self.phase == START:", "if self.phase >= START:", FARKLE_PHASES),
    ("if self.phase == OVER:", "if self.phase < OVER:", FARKLE_PHASES),
    ("if self.phase == OVER:", "if self.phase <= OVER:", FARKLE_PHASES),
    (
        "bank_need=self.bank_need() if self.phase != OVER else 0,",
        "bank_need=self.bank_need() if self.phase > OVER else 0,",
        FARKLE_PHASES,
    ),
    (
        "action = FarkleAction(str(action[0]), tuple(action[1]) if len(action) > 1 else ())",
        "action = FarkleAction(str(action[0]), tuple(action[1]) if len(action) != 1 else ())",
        "an empty action fails on action[0] before either test",
    ),
    (
        "if action.kind == BANK and not action.held:",
        "if action.kind <= BANK and not action.held:",
        "the kinds are 'bank' and 'roll', and 'roll' > 'bank'",
    ),
    (
        "if action.kind == BANK:",
        "if action.kind <= BANK:",
        "the kinds are 'bank' and 'roll', and 'roll' > 'bank'",
    ),
    (
        "events = self._hold(action.held, rolling=action.kind == ROLL)",
        "events = self._hold(action.held, rolling=action.kind >= ROLL)",
        "the kinds are 'bank' and 'roll', and 'bank' < 'roll'",
    ),
    (
        "self.turn_points = 0",
        "self.turn_points = 1",
        "_end_turn, called next, sets the turn points to 0 again",
    ),
    (
        "self.turn_points = 0",
        "self.turn_points = -1",
        "_end_turn, called next, sets the turn points to 0 again",
    ),
    (
        "(seat + k) % count for k in range(1, count) if self.seats[(seat + k) % count].active",
        "(seat + k) % count for k in range(1, count) if self.seats[(seat + k) - count].active",
        "(seat + k) - count is -count..count-2: a negative index counts from the end, the same "
        "seat as % count",
    ),
    (
        "self.winners = [s for s in self.active_seats if self.scores[s] == best]",
        "self.winners = [s for s in self.active_seats if self.scores[s] >= best]",
        "best is the maximum: no score is above it",
    ),
    (
        "self._seats_after(self.current)[0] if len(self.active_seats) > 1 else self.current",
        "self._seats_after(self.current)[0] if len(self.active_seats) != 1 else self.current",
        "a game has at least one active seat",
    ),
    (
        'schema.check(schema.value == SCHEMA_VERSION, "not a known Farkle save schema")',
        'schema.check(schema.value is SCHEMA_VERSION, "not a known Farkle save schema")',
        SMALL_INTS + "; a schema outside it is refused either way",
    ),
    (
        "all(self.scores[s] == 0 for s in range(len(self.seats)) if s not in active),",
        "all(self.scores[s] <= 0 for s in range(len(self.seats)) if s not in active),",
        "scores are read as 0 or more",
    ),
    (
        "all(points % POINT_STEP == 0 for points in (*self.scores, self.turn_points)),",
        "all(points % POINT_STEP <= 0 for points in (*self.scores, self.turn_points)),",
        "a remainder of a division by 50 is never negative",
    ),
    (
        "len(set(pending)) == len(pending)",
        "len(set(pending)) is len(pending)",
        SMALL_INTS + " (0..3)",
    ),
    (
        "len(set(pending)) == len(pending)",
        "len(set(pending)) >= len(pending)",
        "the set of a list's items is never longer than the list",
    ),
    (
        "and set(pending) <= active",
        "and set(pending) < active",
        "the seat that went out is taken and never pending: pending is never all the taken seats",
    ),
    (
        "and set(pending) <= active",
        "and set(pending) != active",
        "the seat that went out is taken and never pending: pending is never all the taken seats",
    ),
    ("self.phase == OVER", "self.phase <= OVER", FARKLE_PHASES),
    (
        "or (self.current != self.final_trigger and self.current not in pending),",
        "or (self.current is not self.final_trigger and self.current not in pending),",
        SMALL_INTS + " (seats 0..3)",
    ),
    ("if self.phase == OVER:", "if self.phase <= OVER:", FARKLE_PHASES),
    (
        "and self.winners == [s for s in sorted(active) if self.scores[s] == best],",
        "and self.winners == [s for s in sorted(active) if self.scores[s] >= best],",
        "best is the maximum: no score is above it",
    ),
]
EQUIVALENT.update({(_F, removed, added): why for removed, added, why in _FARKLE_RULES})

_SR = "game/engine/shutbox/rules.py"
_SHUTBOX_RULES = [
    (
        "FULL_MASK = (1 << len(DOORS)) - 1",
        "FULL_MASK = ( 2 << len(DOORS)) - 1",
        "only builds longer tables: every mask asked for is a set of doors 1..9, below 512",
    ),
    (
        "MASK_SUM: tuple[int, ...] = tuple(_door_sum(m) for m in range(FULL_MASK + 1))",
        "MASK_SUM: tuple[int, ...] = tuple(_door_sum(m) for m in range(FULL_MASK << 1))",
        "only builds a longer table: every mask asked for is a set of doors 1..9, below 512",
    ),
    (
        "return bool(chosen) and chosen <= frozenset(open_doors) and sum(chosen) == total",
        "return bool(chosen) and chosen <= frozenset(open_doors) and sum(chosen) is total",
        SMALL_INTS + " (sums of doors, 1..45)",
    ),
    (
        "shut = ALL_DOORS - still_open",
        "shut = ALL_DOORS ^ still_open",
        "the open doors are doors 1..9, a subset of ALL_DOORS, so ^ is -",
    ),
]
EQUIVALENT.update({(_SR, removed, added): why for removed, added, why in _SHUTBOX_RULES})

_MS = "game/engine/mille/scoring.py"
_MILLE_SCORING = [
    (
        "tableaux: Sequence[Tableau], completed_by: int | None, *, draw_pile_empty: bool, extended: bool",
        "tableaux: Sequence[Tableau], completed_by: int | None, /, draw_pile_empty: bool, extended: bool",
        "every caller names draw_pile_empty and extended, which either signature accepts",
    ),
    (
        "done = side == completed_by",
        "done = side is completed_by",
        SMALL_INTS + " (sides 0..2, or None)",
    ),
    (
        "sum(1 for other, t in enumerate(tableaux) if other != side and not t.distance)",
        "sum(1 for other, t in enumerate(tableaux) if other is not side and not t.distance)",
        SMALL_INTS + " (sides 0..2)",
    ),
    (
        '"all_safeties": int(safeties == ALL_SAFETIES),',
        '"all_safeties": int(safeties is ALL_SAFETIES),',
        SMALL_INTS + " (0..4)",
    ),
    (
        '"all_safeties": int(safeties == ALL_SAFETIES),',
        '"all_safeties": int(safeties >= ALL_SAFETIES),',
        "a side lays each of the four safeties once at most",
    ),
    (
        '"distance": km * POINTS_PER_KM,',
        '"distance": km // POINTS_PER_KM,',
        "POINTS_PER_KM is 1: km // 1 is km",
    ),
    (
        '"distance": km * POINTS_PER_KM,',
        '"distance": km ** POINTS_PER_KM,',
        "POINTS_PER_KM is 1: km ** 1 is km",
    ),
    (
        "for side in score_hand(tableaux, None, draw_pile_empty=False, extended=False):",
        "for side in score_hand(tableaux, None, draw_pile_empty=True, extended=False):",
        "with no trip completed (None) no side earns delayed action; and only the lines earned "
        "as played are kept",
    ),
    (
        "for side in score_hand(tableaux, None, draw_pile_empty=False, extended=False):",
        "for side in score_hand(tableaux, None, draw_pile_empty=False, extended=True):",
        "with no trip completed (None) no side earns the extension; and only the lines earned "
        "as played are kept",
    ),
]
EQUIVALENT.update({(_MS, removed, added): why for removed, added, why in _MILLE_SCORING})
_SHUTBOX_RULES2 = [
    (
        "MASK_SUM: tuple[int, ...] = tuple(_door_sum(m) for m in range(FULL_MASK + 1))",
        "MASK_SUM: tuple[int, ...] = tuple(_door_sum(m) for m in range(FULL_MASK + 2))",
        "only builds a longer table: every mask asked for is a set of doors 1..9, below 512",
    ),
    (
        'return bin(mask).count("1"), -mask',
        'return bin(mask).count("1"), ~mask',
        "~mask is -mask - 1: the same order",
    ),
    (
        'return bin(mask).count("1"), -mask',
        'return bin(mask).count("1"), not mask',
        "the door sets of a total are found from the highest mask down, and a stable sort on "
        "the count alone keeps that order, which -mask gives",
    ),
]
EQUIVALENT.update({(_SR, removed, added): why for removed, added, why in _SHUTBOX_RULES2})

_LG = "game/engine/lucie/game.py"
SAME_OBJECT = (
    "a move or a shuffle returns a new position that differs from the old one (a card "
    "moved, or one redeal fewer), or the very same object when nothing happened"
)
CARD_TEXTS = (
    "the actions are two-character cards (a digit or a capital first) or 'redeal', and "
    "every card sorts before 'redeal'"
)
_LUCIE_GAME = [
    (
        "MAX_ACTIONS = 5000",
        "MAX_ACTIONS = 5001",
        "a bound far past any hand: each card is built once and sent home once per deal, a "
        "few hundred actions at most",
    ),
    (
        "MAX_ACTIONS = 5000",
        "MAX_ACTIONS = 4999",
        "a bound far past any hand: each card is built once and sent home once per deal, a "
        "few hundred actions at most",
    ),
    (
        "return self.position.redeals_left > 0 and not self.position.is_won",
        "return self.position.redeals_left != 0 and not self.position.is_won",
        "redeals_left is never negative (Position.check)",
    ),
    (
        "return self._cursor > self.undo_floor",
        "return self._cursor != self.undo_floor",
        "undo_floor is found at or below the cursor",
    ),
    (
        "return self._cursor > self.undo_floor",
        "return self._cursor is not self.undo_floor",
        SMALL_INTS + " (a hand's few hundred actions) — and undo_floor is at or below the cursor",
    ),
    (
        "if self._actions[index] == REDEAL or self._positions[index].draw_available:",
        "if self._actions[index] >= REDEAL or self._positions[index].draw_available:",
        CARD_TEXTS,
    ),
    (
        "if self._actions[index] == REDEAL or self._positions[index].draw_available:",
        "if self._actions[index] is REDEAL or self._positions[index].draw_available:",
        "a redeal is recorded as the REDEAL constant itself (_push), also when a save is replayed",
    ),
    (
        "return self._cursor < len(self._actions)",
        "return self._cursor != len(self._actions)",
        "the cursor is never past the last action",
    ),
    (
        "return self._cursor < len(self._actions)",
        "return self._cursor is not len(self._actions)",
        SMALL_INTS + " (a hand's few hundred actions) — and the cursor is never past the end",
    ),
    ("if after is not self.position:", "if after != self.position:", SAME_OBJECT),
    (
        "if self._cursor > 0 and not self.can_undo:",
        "if self._cursor != 0 and not self.can_undo:",
        "the cursor is never negative",
    ),
    (
        "if action == REDEAL:",
        "if action is REDEAL:",
        "a redeal is recorded as the REDEAL constant itself (_push), also when a save is replayed",
    ),
    ("if action == REDEAL:", "if action >= REDEAL:", CARD_TEXTS),
    (
        'version.check(version.value == JSON_VERSION, "not a known La Belle Lucie save")',
        'version.check(version.value is JSON_VERSION, "not a known La Belle Lucie save")',
        SMALL_INTS + "; a version outside it is refused either way",
    ),
    (
        'action.check(game.position is not before, "not a legal action here")',
        'action.check(game.position != before, "not a legal action here")',
        SAME_OBJECT,
    ),
]
EQUIVALENT.update({(_LG, removed, added): why for removed, added, why in _LUCIE_GAME})

_MC = "game/engine/mille/cards.py"
CATEGORY_CONSTANTS = (
    "every CardKind is built with this module's category constants, so the texts are the "
    "same objects"
)
CATEGORY_ORDER = (
    "the categories are 'distance' < 'hazard' < 'remedy' < 'safety', and at this end of "
    "that order the comparison picks the same kinds"
)
_MILLE_CARDS = [
    (
        "HAZARDS = tuple(k.id for k in CARD_KINDS if k.category == HAZARD)",
        "HAZARDS = tuple(k.id for k in CARD_KINDS if k.category is HAZARD)",
        CATEGORY_CONSTANTS,
    ),
    (
        "REMEDIES = tuple(k.id for k in CARD_KINDS if k.category == REMEDY)",
        "REMEDIES = tuple(k.id for k in CARD_KINDS if k.category is REMEDY)",
        CATEGORY_CONSTANTS,
    ),
    (
        "SAFETIES = tuple(k.id for k in CARD_KINDS if k.category == SAFETY)",
        "SAFETIES = tuple(k.id for k in CARD_KINDS if k.category is SAFETY)",
        CATEGORY_CONSTANTS,
    ),
    (
        "SAFETIES = tuple(k.id for k in CARD_KINDS if k.category == SAFETY)",
        "SAFETIES = tuple(k.id for k in CARD_KINDS if k.category >= SAFETY)",
        CATEGORY_ORDER,
    ),
    (
        "DISTANCES = tuple(k.id for k in CARD_KINDS if k.category == DISTANCE)",
        "DISTANCES = tuple(k.id for k in CARD_KINDS if k.category is DISTANCE)",
        CATEGORY_CONSTANTS,
    ),
    (
        "DISTANCES = tuple(k.id for k in CARD_KINDS if k.category == DISTANCE)",
        "DISTANCES = tuple(k.id for k in CARD_KINDS if k.category <= DISTANCE)",
        CATEGORY_ORDER,
    ),
    (
        "KM: dict[str, int] = {k.id: k.km for k in CARD_KINDS if k.category == DISTANCE}",
        "KM: dict[str, int] = {k.id: k.km for k in CARD_KINDS if k.category is DISTANCE}",
        CATEGORY_CONSTANTS,
    ),
    (
        "KM: dict[str, int] = {k.id: k.km for k in CARD_KINDS if k.category == DISTANCE}",
        "KM: dict[str, int] = {k.id: k.km for k in CARD_KINDS if k.category <= DISTANCE}",
        CATEGORY_ORDER,
    ),
    (
        "safety: tuple(h for h in HAZARDS if SAFETY_FOR[h] == safety) for safety in SAFETIES",
        "safety: tuple(h for h in HAZARDS if SAFETY_FOR[h] is safety) for safety in SAFETIES",
        "SAFETY_FOR and SAFETIES hold this module's own constants: the same objects",
    ),
]
EQUIVALENT.update({(_MC, removed, added): why for removed, added, why in _MILLE_CARDS})

# Found by a sample of 150 of Mille Bornes' rules' mutants after the tests above.
_MILLE_RULES_2 = [
    (
        "(card, side): Action(PLAY_CARD, card, side) for card in KIND_BY_ID for side in range(3)",
        "(card, side): Action(PLAY_CARD, card, side) for card in KIND_BY_ID for side in range(4)",
        "the table of shared actions is only looked up for sides 0..2: a fourth side's entries "
        "are never read",
    ),
    (
        "+(Counter(observation.seen()) - deck_counts(options.short_deck)) == Counter(),",
        "+(Counter(observation.seen()) - deck_counts(options.short_deck)) <= Counter(),",
        "unary + keeps only positive counts, and such a Counter is within the empty one "
        "exactly when it is empty",
    ),
    (
        "no_more_200 = tableau.two_hundreds >= MAX_200S",
        "no_more_200 = tableau.two_hundreds is MAX_200S",
        SMALL_INTS + "; a tableau never holds more than MAX_200S (a saved one is checked)",
    ),
    ("if category == DISTANCE:", "if category is DISTANCE:", CATEGORY_CONSTANTS),
    (
        "and self.target == SHORT_TARGET",
        "and self.target <= SHORT_TARGET",
        "the target is SHORT_TARGET or LONG_TARGET (a saved game's is checked to be one), "
        "and only the first is not above SHORT_TARGET",
    ),
    ("elif category == SAFETY:", "elif category >= SAFETY:", CATEGORY_ORDER),
    (
        "assert category == HAZARD and side != own_side",
        "assert category == HAZARD and side is not own_side",
        SMALL_INTS + " (sides 0..2)",
    ),
    ("seat == p.seat", "seat is p.seat", SMALL_INTS + " (seats 0..5)"),
]
EQUIVALENT.update({(_M, removed, added): why for removed, added, why in _MILLE_RULES_2})

# Found by a sample of 150 of Shut The Box's rules' mutants.
_BIGGER_TABLES = (
    "FULL_MASK only sizes the tables indexed by a set of doors: a larger one adds entries "
    "for a tenth door that no set of real doors (masks below 512) ever reads"
)
_SHUTBOX_RULES_3 = [
    ("FULL_MASK = (1 << len(DOORS)) - 1", f"FULL_MASK = (1 << len(DOORS)) {op}", _BIGGER_TABLES)
    for op in ("- 0", "^ 1", "// 1", "<< 1")
] + [
    (
        'return Msg("roll one die") if self.dice == ONE_DIE else Msg("roll two dice")',
        'return Msg("roll one die") if self.dice is ONE_DIE else Msg("roll two dice")',
        SMALL_INTS + " (dice 1 or 2)",
    ),
]
EQUIVALENT.update({(_SR, removed, added): why for removed, added, why in _SHUTBOX_RULES_3})

# Found by a sample of 150 of La Belle Lucie's game's mutants.
EQUIVALENT.update(
    {
        (
            _LG,
            "SUITS[s]: (card_text(s * 16 + r) if r else None)",
            f"SUITS[s]: (card_text(s * 16 {op} r) if r else None)",
        ): LOW_BITS
        for op in ("|", "^")
    }
)

# Found by a second sample of 150 of Mille Bornes' rules' mutants.
_MILLE_RULES_3 = [
    (
        "if self.phase == COUP_FOURRE:",
        "if self.phase <= COUP_FOURRE:",
        "'coup_fourre' sorts before every other phase, so only it is <= 'coup_fourre'",
    ),
    (
        "if moment and action.verb == PLAY_CARD and CATEGORY[action.card] == HAZARD:",
        "if moment and action.verb == PLAY_CARD and CATEGORY[action.card] >= HAZARD:",
        "a remedy or safety played this way goes through _play as apply_unchecked would send "
        "it, and _play reads `moment` for hazards only",
    ),
    (
        "self.winners = [s for s, score in enumerate(self.scores) if score == best]",
        "self.winners = [s for s, score in enumerate(self.scores) if score >= best]",
        "best is the highest score: none is above it",
    ),
    (
        "private = self.phase == COUP_FOURRE and (seat != self.to_act or answered)",
        "private = self.phase == COUP_FOURRE and (seat is not self.to_act or answered)",
        SMALL_INTS + " (seats 0..5)",
    ),
    ("seat == self.turn_seat", "seat is self.turn_seat", SMALL_INTS + " (seats 0..5)"),
    (
        'if event.kind == "draw" and event.data.get("seat") != seat:',
        'if event.kind is "draw" and event.data.get("seat") != seat:',
        "every event's kind is a literal of this module, and CPython interns such texts: the "
        "same object as this one",
    ),
]
EQUIVALENT.update({(_M, removed, added): why for removed, added, why in _MILLE_RULES_3})

# Found by a third sample of 150 of Mille Bornes' rules' mutants.
_MILLE_RULES_4 = [
    (
        "if moment and action.verb == PLAY_CARD and CATEGORY[action.card] == HAZARD:",
        "if moment and action.verb >= PLAY_CARD and CATEGORY[action.card] == HAZARD:",
        "'play' sorts after every other verb",
    ),
    (
        "if category == DISTANCE:",
        "if category <= DISTANCE:",
        "'distance' sorts before every other category",
    ),
    ("if phase == PLAY:", "if phase >= PLAY:", "'play' sorts after every other phase a state has"),
    (
        "and self.winners == [s for s, v in enumerate(self.scores) if v == best],",
        "and self.winners == [s for s, v in enumerate(self.scores) if v >= best],",
        "best is the highest score: none is above it",
    ),
]
EQUIVALENT.update({(_M, removed, added): why for removed, added, why in _MILLE_RULES_4})

# Found by a fourth sample of 150 of Mille Bornes' rules' mutants.
_SPEED_TOP = (
    "a speed pile holds Speed Limits and Ends of Limit only, and 'speed_limit' sorts after "
    "'end_of_limit'"
)
_MILLE_RULES_5 = [
    (
        "(tableau.speed if card == END_OF_LIMIT else tableau.battle).append(card)",
        "(tableau.speed if card <= END_OF_LIMIT else tableau.battle).append(card)",
        "the card is a remedy here, and 'end_of_limit' sorts before every other remedy",
    ),
    (
        "ok = bool(tableau.speed) and tableau.speed[-1] == SPEED_LIMIT",
        "ok = bool(tableau.speed) and tableau.speed[-1] >= SPEED_LIMIT",
        _SPEED_TOP,
    ),
    (
        "bool(self.speed) and self.speed[-1] == SPEED_LIMIT and RIGHT_OF_WAY not in self.safeties",
        "bool(self.speed) and self.speed[-1] >= SPEED_LIMIT and RIGHT_OF_WAY not in self.safeties",
        _SPEED_TOP,
    ),
    (
        'r.check(len(set(tableau.safeties)) == len(tableau.safeties), "a safety is laid twice")',
        'r.check(len(set(tableau.safeties)) >= len(tableau.safeties), "a safety is laid twice")',
        "the set of a list's items is never longer than the list",
    ),
]
EQUIVALENT.update({(_M, removed, added): why for removed, added, why in _MILLE_RULES_5})
