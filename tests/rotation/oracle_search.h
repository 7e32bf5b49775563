// Two independent solvers used as oracles for the reference solver. Both return the
// shortest move string that is lexicographically smallest among the shortest ones,
// and the centre digit it leaves, using only oracle_rules.h.
#ifndef ROTATION_TESTS_ORACLE_SEARCH_H_
#define ROTATION_TESTS_ORACLE_SEARCH_H_

#include <optional>
#include <string>

#include "oracle_rules.h"

namespace rotation_oracle {

struct Answer {
  std::string moves;
  int digit = 0;
};

// Brute force: every move string of length 0, 1, 2, ... in lexicographic order (a
// plain depth-first enumeration, no pruning); the first that ends in a goal. nullopt when none has length
// <= max_length. Exponential: use for max_length <= 6.
std::optional<Answer> BruteForce(const Cells& start, int max_length);

// IDA* with the admissible bound "8 minus the count of the most frequent centre
// digit" (a move brings at most one new value into the centre), children in A..H
// order, never undoing the previous move (a shortest answer never does).
Answer IdaStar(const Cells& start);

}  // namespace rotation_oracle

#endif  // ROTATION_TESTS_ORACLE_SEARCH_H_
