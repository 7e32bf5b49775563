// An independent model of the 8-puzzle for the tests: states are 9-character
// strings ("12345678x"; row by row), distances come from one plain breadth-first
// search over strings with std::unordered_map, and moves are replayed with row and
// column arithmetic. It shares no code with reference/eight, so agreement between
// the two is evidence, not tautology. Built once per process; read-only afterwards.
#ifndef TESTS_EIGHT_ORACLE_H_
#define TESTS_EIGHT_ORACLE_H_

#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace eight_test {

inline constexpr char kGoalState[] = "12345678x";

class Oracle {
 public:
  static const Oracle& Get();

  // BFS distance from state to the goal; -1 when the goal is unreachable.
  int Distance(const std::string& state) const;
  // Every reachable state at exactly distance d.
  const std::vector<std::string>& AtDistance(int d) const;
  int MaxDistance() const { return static_cast<int>(layers_.size()) - 1; }
  size_t ReachableCount() const { return distance_.size(); }

 private:
  Oracle();
  std::unordered_map<std::string, int> distance_;
  std::vector<std::vector<std::string>> layers_;
};

// Replays letters (blank travels u/d/l/r) from state; nullopt on any illegal letter
// or a move off the board.
std::optional<std::string> OracleReplay(std::string state, std::string_view moves);

// All states reachable from state in one move.
std::vector<std::string> OracleNeighbours(const std::string& state);

// Every permutation of "12345678x" (9! strings), in std::next_permutation order.
std::vector<std::string> AllStates();

// The 9 whitespace-separated tokens of an input, concatenated per board: "2 3 4\n1 5 x
// 7 6 8" -> {"23415x768"}; a leftover partial board is dropped.
std::vector<std::string> OracleBoards(std::string_view input);

}  // namespace eight_test

#endif  // TESTS_EIGHT_ORACLE_H_
