"""RoboRally with Crash & Burn: the pure rules core (RULES.md RR-*, CB-*).

Modules
  model.py     frozen static data: Board (a board or an assembled course), elements, cards
  data.py      the only file reader: boards, courses (rotation, placement), options, element
               texts, through the data gate; `sample_course()` for tests and benchmarks
  files.py     CHECKERS / SIMULATORS for `python main.py check|simulate`
  layout.py    a Board compiled to flat tables (walls per register, neighbours, laser paths)
  robot.py     one robot's changing state and its damage tokens (RR-5.3.1)
  engine.py    the register phase (steps a–g) and the end of turn, in RULES.md order
  state.py     RoboRallyState: the GameState (deal, programming, resolution, save/replay)
  actions.py   Deal, Recompile, PlaceCard, ClearRegister, LockIn, Answer
  events.py    one small frozen event per micro-step, each with its `phase`
  scenario.py  `roborally-scenario/1`
  fastpath.py  LoneRobot: one robot alone through registers, thousands of times (bots)
  playout.py   invariants and seeded random playouts (tests, bench/roborally_fuzz.py)

Playing a game
    state = RoboRallyState(course_board, ["red", "blue"], rules={...}, option_cards=True)
    match = Match(state, seed)
    match.advance_chance()                        # the deal (one chance action)
    match.play(PlaceCard(0, 1, card)) ... match.play(LockIn(0, power_down=False))
    # the LockIn completing the last program runs the registers and the end of turn and
    # returns their events; it stops when someone must decide (state.pending, answered by
    # Answer actions listed in legal_actions()) or a card is drawn (CHANCE).
Robot objects are replaced whenever a register phase completes: read `state.robots` again
after every `apply()` instead of keeping references.
"""
