// languages.yaml reader: owned by the grading author (see language.h).
