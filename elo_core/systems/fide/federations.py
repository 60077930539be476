"""FIDE's member federations by their three-letter codes, for a title norm's games (B.01 1.4.2a: a game against an
opponent of a federation outside FIDE does not count) and its opponents' mix.

The codes of the federations FIDE's rating site lists (ratings.fide.com/top_federations.phtml, as lichess-org/lila
keeps them in modules/fide/src/main/Federation.scala, commit 2062334). `FID` (a player under FIDE's flag) is no
federation: such a game counts, but the player is no foreign opponent (B.01 1.4.2a), nor of any one federation.
"""

FIDE_FLAG = "FID"
FIDE_FEDERATIONS = frozenset((
    "AFG", "AHO", "ALB", "ALG", "AND", "ANG", "ANT", "ARG", "ARM", "ARU", "AUS", "AUT", "AZE", "BAH", "BAN", "BAR",
    "BDI", "BEL", "BER", "BHU", "BIH", "BIZ", "BLR", "BOL", "BOT", "BRA", "BRN", "BRU", "BUL", "BUR", "CAF", "CAM",
    "CAN", "CAY", "CGO", "CHA", "CHI", "CHN", "CIV", "CMR", "COD", "COL", "COM", "CPV", "CRC", "CRO", "CUB", "CYP",
    "CZE", "DEN", "DJI", "DMA", "DOM", "ECU", "EGY", "ENG", "ERI", "ESA", "ESP", "EST", "ETH", "FAI", "FIJ", "FIN",
    "FRA", "GAB", "GAM", "GCI", "GEO", "GEQ", "GER", "GHA", "GRE", "GRL", "GRN", "GUA", "GUM", "GUY", "HAI", "HKG",
    "HON", "HUN", "INA", "IND", "IOM", "IRI", "IRL", "IRQ", "ISL", "ISR", "ISV", "ITA", "IVB", "JAM", "JCI", "JOR",
    "JPN", "KAZ", "KEN", "KGZ", "KOR", "KOS", "KSA", "KUW", "LAO", "LAT", "LBA", "LBN", "LBR", "LCA", "LES", "LIE",
    "LTU", "LUX", "MAC", "MAD", "MAR", "MAS", "MAW", "MDA", "MDV", "MEX", "MGL", "MKD", "MLI", "MLT", "MNC", "MNE",
    "MOZ", "MRI", "MTN", "MYA", "NAM", "NCA", "NCL", "NED", "NEP", "NGR", "NIG", "NOR", "NRU", "NZL", "OMA", "PAK",
    "PAN", "PAR", "PER", "PHI", "PLE", "PLW", "PNG", "POL", "POR", "PUR", "QAT", "ROU", "RSA", "RUS", "RWA", "SCO",
    "SEN", "SEY", "SGP", "SKN", "SLE", "SLO", "SMR", "SOL", "SOM", "SRB", "SRI", "SSD", "STP", "SUD", "SUI", "SUR",
    "SVK", "SWE", "SWZ", "SYR", "TAN", "TGA", "THA", "TJK", "TKM", "TLS", "TOG", "TPE", "TTO", "TUN", "TUR", "UAE",
    "UGA", "UKR", "URU", "USA", "UZB", "VAN", "VEN", "VIE", "VIN", "WLS", "YEM", "ZAM", "ZIM",
    FIDE_FLAG,
))
"""The 205 federations and FIDE's own flag."""
