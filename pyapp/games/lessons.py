"""Every game's lesson (pyapp/lesson.py), each written beside its engine."""

from ..lesson import Lesson
from .deck_of_spies_lesson import LESSON as DECK_OF_SPIES
from .mission_for_peanuts.lesson import LESSON as MISSION_FOR_PEANUTS
from .mister_spy_lesson import LESSON as MISTER_SPY
from .spy_tricks_lesson import LESSON as SPY_TRICKS

LESSONS: dict[str, Lesson] = {lesson["game"]: lesson
                              for lesson in (DECK_OF_SPIES, MISSION_FOR_PEANUTS, SPY_TRICKS,
                                             MISTER_SPY)}
