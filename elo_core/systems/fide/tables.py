"""FIDE's rating tables, as data (FIDE Rating Regulations from 1 March 2024).

Each table appears here once, as literal tuples copied from the regulations;
nothing is recomputed from a formula.
"""

from __future__ import annotations

# FIDE 8.1.2: scoring probability PD of the higher-rated player, by the
# rating difference D. Each row is (largest |D| of the row, PD in hundredths);
# the rows run 0-3 -> .50, 4-10 -> .51, ... 620-735 -> .99.
# Beyond the last row (|D| over 735) PD is 1.00.
PD_TABLE: tuple[tuple[int, int], ...] = (
    (3, 50), (10, 51), (17, 52), (25, 53), (32, 54), (39, 55), (46, 56),
    (53, 57), (61, 58), (68, 59), (76, 60), (83, 61), (91, 62), (98, 63),
    (106, 64), (113, 65), (121, 66), (129, 67), (137, 68), (145, 69),
    (153, 70), (162, 71), (170, 72), (179, 73), (188, 74), (197, 75),
    (206, 76), (215, 77), (225, 78), (235, 79), (245, 80), (256, 81),
    (267, 82), (278, 83), (290, 84), (302, 85), (315, 86), (328, 87),
    (344, 88), (357, 89), (374, 90), (391, 91), (411, 92), (432, 93),
    (456, 94), (484, 95), (517, 96), (559, 97), (619, 98), (735, 99),
)
PD_BEYOND_TABLE = 100

# FIDE 8.1.1: rating difference dp for a fractional score p, for p = 0.50,
# 0.51, ... 1.00 (index = percent - 50). The negative side is symmetric:
# dp(p) = -dp(1 - p).
DP_TABLE: tuple[int, ...] = (
    0, 7, 14, 21, 29, 36, 43, 50, 57, 65,  # .50 - .59
    72, 80, 87, 95, 102, 110, 117, 125, 133, 141,  # .60 - .69
    149, 158, 166, 175, 184, 193, 202, 211, 220, 230,  # .70 - .79
    240, 251, 262, 273, 284, 296, 309, 322, 336, 351,  # .80 - .89
    366, 383, 401, 422, 444, 470, 501, 538, 589, 677,  # .90 - .99
    800,  # 1.00
)
