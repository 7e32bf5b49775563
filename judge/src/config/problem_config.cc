// problem.yaml reader: owned by the config-reader author (see problem.h).
