"""Neuroshima Hex puzzles in the host: tries, ratings, streaks, the daily post, the leaderboard.

The puzzles themselves (positions, goals, judging) live in games.neuroshima.puzzles; this
package plays them for users: tries.py (start, play, end and rate a try), daily.py (the daily
post on the clock), shown.py (texts and pictures), skill.py (ratings), choice.py (which puzzle).
"""
